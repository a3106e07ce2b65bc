import WorldFactsModel
import WorldFactsSupport
import Yams

/// A collection's `charts:` and a group's `chart:`: the list (of a record page's chart) and the number
/// field its bars are drawn by, each an error at its line with the nearest name when it names none.
extension CollectionsReader {
    /// The charts of a collection's record pages, each of one of its lists (read before).
    func charts(
        _ collection: YAMLReader.Map, of spec: CollectionSpec, in specs: [CollectionSpec], _ r: inout YAMLReader
    )
        -> [ChartSpec]
    {
        var charts: [ChartSpec] = []
        for (number, item) in r.list(collection, "charts").enumerated() {
            guard let map = r.mapping(item, path: "\(collection.path).charts[\(number)]") else { continue }
            let name = r.string(map, "list") ?? ""
            guard let list = spec.lists.firstIndex(where: { $0.id == name }) else {
                if !name.isEmpty {
                    r.problem(
                        at: map.node(for: "list") ?? map.node, field: map.path + ".list",
                        "expected a list of '\(spec.id)', found '\(name)'"
                            + EditDistance.suggestion(for: name, among: spec.lists.map(\.id)))
                }
                continue
            }
            if let chart = chart(map, list: list, of: specs[spec.lists[list].source], &r) { charts.append(chart) }
        }
        return charts
    }

    /// A chart's `value` (a number field of `source`, whose records are its bars) and `limit`.
    func chart(_ map: YAMLReader.Map, list: Int? = nil, of source: CollectionSpec, _ r: inout YAMLReader)
        -> ChartSpec?
    {
        let limit = r.int(map, "limit", default: ChartSpec.defaultLimit, minimum: 1)
        if limit > ChartSpec.maximumLimit {
            r.problem(
                at: map.node(for: "limit")!, field: map.path + ".limit",
                "expected at most \(ChartSpec.maximumLimit) bars, found \(limit)")
        }
        let name = r.string(map, "value") ?? ""
        let numbers = source.fields.indices.filter { [.integer, .decimal].contains(source.fields[$0].format) }
        guard let value = numbers.first(where: { source.fields[$0].id == name }) else {
            if !name.isEmpty {
                let found = source.fields.first { $0.id == name }.map { "the \($0.format.rawValue) field '\(name)'" }
                r.problem(
                    at: map.node(for: "value") ?? map.node, field: map.path + ".value",
                    "expected an integer or decimal field of '\(source.id)', found " + (found ?? "'\(name)'")
                        + EditDistance.suggestion(for: name, among: numbers.map { source.fields[$0].id }))
            }
            return nil
        }
        return ChartSpec(list: list, value: value, limit: min(limit, ChartSpec.maximumLimit))
    }
}
