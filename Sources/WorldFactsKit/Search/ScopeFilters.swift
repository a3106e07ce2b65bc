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
        /// By position in the collection, where its values start in `numbers`; one more, the end.
        let starts: [Int32]
        /// The numbers of each record's values, ascending, one record after another: one array, not an
        /// array a record (a scope over 234,908 cities made them on every edit).
        let numbers: [Int32]

        /// The numbers of the values of the record at `number` (in the collection).
        func values(of number: Int) -> ArraySlice<Int32> { numbers[Int(starts[number])..<Int(starts[number + 1])] }
    }

    let filters: [Filter]
    /// The first position of the scope's collection.
    let offset: Int
    /// By position in the collection: what its entry carries (`text(_:)`), as a number in `textTable`.
    /// Made once, since an entry's hash, floor, size and bytes each ask for it; records with the same
    /// values share a text.
    private let textNumbers: [Int32]
    private let textTable: [String]

    var isEmpty: Bool { filters.isEmpty }

    /// Each filter's name and values, as text: an entry gives a value by its number among them, so when
    /// they change (a city moved to a country of a continent no city had) every entry may change.
    var signature: String {
        filters.map { ([$0.name] + $0.values.map(\.slug)).joined(separator: "\u{1F}") }.joined(separator: "\u{1E}")
    }

    init(site: Site, scope: SearchScope) {
        guard let number = scope.collection, !scope.filters.isEmpty else {
            (filters, offset, textNumbers, textTable) = ([], 0, [], [])
            return
        }
        let collection = site.collections[number]
        offset = collection.offset
        let count = collection.records.count
        filters = scope.filters.compactMap { filter in
            guard let group = site.group(collection: number, number: filter) else { return nil }
            var starts = [Int32](repeating: 0, count: count + 1)
            for groupValue in group.values {
                for position in groupValue.positions { starts[position + 1] += 1 }
            }
            for position in 0..<count { starts[position + 1] += starts[position] }
            // Values in ascending order, each record's in the order its values are numbered.
            var next = starts
            var numbers = [Int32](repeating: 0, count: Int(starts[count]))
            for (value, groupValue) in group.values.enumerated() {
                for position in groupValue.positions {
                    numbers[Int(next[position])] = Int32(value)
                    next[position] += 1
                }
            }
            return Filter(
                name: group.spec.name, folder: group.spec.pagesFolder + "/",
                values: group.values.map { ($0.slug, $0.positions.count) }, starts: starts, numbers: numbers)
        }
        (textNumbers, textTable) = Self.texts(count, filters)
    }

    /// Each record's text, `[[value, …], …]`, as a number in a table of the texts: records whose filters
    /// have one value each, of the first 65,535, share theirs through a key packed from them.
    private static func texts(_ count: Int, _ filters: [Filter]) -> (numbers: [Int32], table: [String]) {
        var table: [String] = []
        var known: [UInt64: Int32] = [:]
        let packs = filters.count <= 4 && filters.allSatisfy { $0.values.count < 0xFFFF }
        let numbers = (0..<count).map { number -> Int32 in
            var key: UInt64 = 0
            var packed = packs
            for (place, filter) in filters.enumerated() where packed {
                let values = filter.values(of: number)
                if values.count > 1 { packed = false } else { key |= UInt64((values.first ?? -1) + 1) << (16 * place) }
            }
            if packed, let known = known[key] { return known }
            table.append(
                "["
                    + filters.map { "[" + $0.values(of: number).map(String.init).joined(separator: ",") + "]" }
                    .joined(separator: ",") + "]")
            if packed { known[key] = Int32(table.count - 1) }
            return Int32(table.count - 1)
        }
        return (numbers, table)
    }

    /// The numbers of the values of filter `filter` of the record at `position` (of the whole site).
    func values(_ filter: Int, at position: Int) -> [Int32] {
        let number = position - offset
        return number >= 0 && number < textNumbers.count ? Array(filters[filter].values(of: number)) : []
    }

    /// What the entry at `position` carries after its collection slot: `[[value, …], …]`; nil without filters.
    func text(_ position: Int) -> String? {
        let number = position - offset
        return number >= 0 && number < textNumbers.count ? textTable[Int(textNumbers[number])] : nil
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
