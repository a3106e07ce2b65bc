import WorldFactsModel

/// By record position (`RecordCollection.offset`): the label of its collection, which the "All" scope's
/// entries show in a site of several collections; nil everywhere else. Kept as one label per collection, not
/// one per record: made for each scope on every edit in `watch`, an array of a label per record was a
/// noticeable part of the search index's update to fill and free.
struct RecordLabels: Sendable {
    /// Each collection's first position after it, and its label; empty when no record has a label.
    private let collections: [(end: Int, label: String)]

    init(site: Site, merges: Bool) {
        collections =
            merges && site.hasHome
            ? site.collections.map { ($0.offset + $0.records.count, $0.spec.label) } : []
    }

    subscript(position: Int) -> String? {
        for collection in collections where position < collection.end { return collection.label }
        return nil
    }
}
