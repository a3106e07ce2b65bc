import WorldFactsSupport

/// The order and sections of an index that a field decides (`index.sort`, `index.order`,
/// `index.sections`), where the title's collation does not. By a text, records go by the ICU bucket of
/// the text's initial, then its collation, and the buckets are the sections, as the title's are. By a
/// number, records go by value; the sections are the ranges the author names, or one section, labelled
/// with the field's label, without them. Records without a value come last in either order, in a
/// section of their own (`—`); equal values keep the title's collation, then the key's order.
struct FieldOrder {
    /// Loaded positions in index order.
    var order: [Int]
    /// By index position: the letter and name of its section.
    var sections: [(letter: String, name: String)]

    /// A section's name never clashes with a bucket's (ASCII letters or digits): it holds a '-'.
    static let noValueName = "no-value"
    static let noValueLetter = "—"

    init(_ records: [Record], spec: CollectionSpec, collation: Collation) {
        let sort = spec.index.sort ?? .title
        var numberLabel: String?
        if case .field(let field) = sort, [.integer, .decimal].contains(spec.fields[field].format) {
            numberLabel = spec.fields[field].label
        }
        let isNumber = numberLabel != nil
        let (values, buckets) = Self.values(records, sort: sort, isNumber: isNumber, collation: collation)
        let titles = records.withSharedElements { records in
            Parallel.map(records.count) { collation.sortKey(records[$0].title) }
        }
        let descending = spec.index.descending
        order = Array(records.indices).sorted { a, b in
            if values[a] != values[b] { return values[a].precedes(values[b], descending: descending) }
            let order = ByteOrder.compare(titles[a], titles[b])
            return order != 0 ? order < 0 : records[a].key < records[b].key
        }
        let ranges = spec.index.ranges
        let whole = ranges.isEmpty ? numberLabel : nil
        sections = order.map { position in
            switch values[position] {
            case .missing: return (Self.noValueLetter, Self.noValueName)
            case .number(let number):
                if let whole { return (whole, "all") }
                let range = ranges.firstIndex { $0.upTo.map { number <= $0 } ?? true } ?? ranges.count - 1
                return (ranges[range].label, "range-\(range + 1)")
            case .text:
                let bucket = collation.buckets[buckets[position]]
                return (bucket.label, bucket.name)
            }
        }
    }

    /// Each record's sort value, and for a text its bucket: the bucket's number leads its sort bytes, so
    /// that a bucket's records stay together whatever the collation puts between them.
    private static func values(_ records: [Record], sort: SiteConfig.FieldRef, isNumber: Bool, collation: Collation)
        -> (values: [SortValue], buckets: [Int])
    {
        let made = records.withSharedElements { records in
            Parallel.map(records.count) { position -> (SortValue, Int) in
                let value = records[position].value(sort)
                if isNumber { return (SortValue(value, collation: collation), 0) }
                guard let text = SortValue.text(of: value) else { return (.missing, 0) }
                let bucket = collation.bucket(of: text)
                var bytes: [UInt8] = []
                SortKeys.pack(bucket: UInt32(bucket), key: collation.sortKey(text), to: &bytes)
                return (.text(bytes), bucket)
            }
        }
        return (made.map(\.0), made.map(\.1))
    }
}
