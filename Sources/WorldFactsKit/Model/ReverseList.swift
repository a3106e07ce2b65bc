import WorldFactsSupport

/// A list on each record page of one collection: the records of another collection that link to that
/// record, sorted as `ListSpec` says.
public struct ReverseList: Sendable {
    public var spec: ListSpec
    /// The collection whose pages show the list.
    public var target: Int
    /// By target record position: the positions, in `spec.source`, of the records that link to it, sorted.
    public var items: [[Int]]

    public init(spec: ListSpec, target: Int, items: [[Int]]) {
        self.spec = spec
        self.target = target
        self.items = items
    }

    /// The page of a record's complete list, relative to the output root.
    public func pagePath(of position: Int, in collection: RecordCollection) -> String {
        concat(collection.spec.records.pagesFolder, "/", spec.id, "/", collection.slugs[position], ".html")
    }

    /// True when a record's list is longer than its page shows.
    public func isCut(_ position: Int) -> Bool { items[position].count > spec.limit }

    /// Finds, for every record of `target`, the records of the source that link to it, and sorts them:
    /// by the sort field (numbers by value, texts by collation; records without a value last), then in
    /// the source's index order. Links are followed one step, never transitively, so a cycle of
    /// relations cannot loop.
    static func make(spec: ListSpec, target: RecordCollection, source: RecordCollection, collation: Collation)
        -> ReverseList
    {
        var items = [[Int]](repeating: [], count: target.records.count)
        let field = source.spec.fields[spec.via]
        for (position, record) in source.records.enumerated() {
            var seen: [Int] = []
            for key in record.values[spec.via].keys {
                guard field.target == target.number, let found = target.position(ofKey: key),
                    !seen.contains(found)
                else { continue }
                seen.append(found)
                items[found].append(position)
            }
        }
        if let sort = spec.sort {
            let sortKeys = source.records.map { SortValue($0.value(sort), collation: collation) }
            items = items.map { ordered($0, spec: spec) { sortKeys[$0] } }
        } else if spec.descending {
            items = items.map { $0.reversed() }
        }
        return ReverseList(spec: spec, target: target.number, items: items)
    }

    /// Records of the source in the list's order: by their sort values, then by position.
    static func ordered(_ items: [Int], spec: ListSpec, sortValue: (Int) -> SortValue) -> [Int] {
        let descending = spec.descending
        return items.map { ($0, sortValue($0)) }.sorted { a, b in
            if a.1 == b.1 { return a.0 < b.0 }
            return a.1.precedes(b.1, descending: descending)
        }.map(\.0)
    }

    /// Puts the list of the record at `position` in order again, after values of the source's records
    /// changed (a list without a sort field keeps the source's order, which values do not change).
    mutating func reorder(_ position: Int, source: RecordCollection, collation: Collation) {
        guard let sort = spec.sort else { return }
        items[position] = Self.ordered(items[position], spec: spec) {
            SortValue(source.records[$0].value(sort), collation: collation)
        }
    }
}
