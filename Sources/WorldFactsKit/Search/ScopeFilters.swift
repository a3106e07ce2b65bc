import WorldFactsModel
import WorldFactsSupport

/// The filters a scope offers (`SearchScope.filters`), each a group of its collection (`Group`): its
/// values, and each record's value, which its entries carry.
///
/// An entry of a scope with filters is `[…, [folded texts…], score, null, [[value, …], …]]`: its score
/// (`null` when it has none), the collection slot of the "All" scope (`null`), and for each filter the
/// numbers of the record's values in the filter's values (none, one, or one per item of a list group). A
/// preview carries, for each filter,
/// how many of every record that matches its prefix have each value, `"fc":[[count, …], …]`, since it shows
/// only the first of them. The manifest gives each filter's values:
/// `"f":[["<field>","<group pages folder>/",[["<slug>",<records>],…]],…]`.
struct ScopeFilters: Sendable {
    struct Filter: Sendable {
        /// The group's field: the checkboxes' name.
        let name: String
        /// Where its group pages are: `<folder>/<slug>.html`.
        let folder: String
        let values: [(slug: String, count: Int)]
        /// By position in the collection: the numbers of its values, ascending.
        let valuesOf: [[Int32]]
    }

    let filters: [Filter]
    /// The first position of the scope's collection.
    let offset: Int
    /// By position in the collection: what its entry carries (`text(_:)`), made once, since an entry's hash,
    /// floor, size and bytes each ask for it.
    private let texts: [String]

    var isEmpty: Bool { filters.isEmpty }

    /// Each filter's name and values, as text: an entry gives a value by its number among them, so when
    /// they change (a city moved to a country of a continent no city had) every entry may change.
    var signature: String {
        filters.map { ([$0.name] + $0.values.map(\.slug)).joined(separator: "\u{1F}") }.joined(separator: "\u{1E}")
    }

    init(site: Site, scope: SearchScope) {
        guard let number = scope.collection, !scope.filters.isEmpty else {
            (filters, offset, texts) = ([], 0, [])
            return
        }
        let collection = site.collections[number]
        offset = collection.offset
        filters = scope.filters.compactMap { filter in
            guard let group = site.group(collection: number, number: filter) else { return nil }
            var valuesOf = [[Int32]](repeating: [], count: collection.records.count)
            for (value, groupValue) in group.values.enumerated() {
                for position in groupValue.positions { valuesOf[position].append(Int32(value)) }
            }
            return Filter(
                name: group.spec.name, folder: group.spec.pagesFolder + "/",
                values: group.values.map { ($0.slug, $0.positions.count) }, valuesOf: valuesOf)
        }
        texts = collection.records.indices.map { [filters] number in
            "["
                + filters.map { "[" + $0.valuesOf[number].map(String.init).joined(separator: ",") + "]" }
                .joined(separator: ",") + "]"
        }
    }

    /// The numbers of the values of filter `filter` of the record at `position` (of the whole site).
    func values(_ filter: Int, at position: Int) -> [Int32] {
        let number = position - offset
        return number >= 0 && number < filters[filter].valuesOf.count ? filters[filter].valuesOf[number] : []
    }

    /// What the entry at `position` carries after its collection slot: `[[value, …], …]`; nil without filters.
    func text(_ position: Int) -> String? {
        let number = position - offset
        return number >= 0 && number < texts.count ? texts[number] : nil
    }

    /// Each filter's value of each record, by the numbers of a bucket (`positions`); nil without filters.
    func values(of positions: [Int]) -> ShardPlanner.Values? {
        isEmpty
            ? nil
            : ShardPlanner.Values(
                byRecord: filters.indices.map { filter in positions.map { values(filter, at: $0) } },
                counts: filters.map(\.values.count))
    }

    /// The manifest's `,"f":[…]`, or nothing.
    var manifestPart: String {
        guard !isEmpty else { return "" }
        return ",\"f\":["
            + filters.map { filter in
                "[" + JSONText.quoted(filter.name) + "," + JSONText.quoted(filter.folder) + ",["
                    + filter.values.map { "[" + JSONText.quoted($0.slug) + "," + String($0.count) + "]" }.joined(
                        separator: ",") + "]]"
            }.joined(separator: ",") + "]"
    }
}
