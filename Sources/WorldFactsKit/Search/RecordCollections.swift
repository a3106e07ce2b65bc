import WorldFactsModel

/// By record position (`RecordCollection.offset`): the number of its collection, which the "All" scope's
/// entries carry in a site of several collections (the manifest gives its label and pages folder); nil
/// everywhere else. Kept as one entry per collection, not one per record: made for each scope on every
/// edit in `watch`, an array of one per record was a noticeable part of the search index's update to fill
/// and free.
struct RecordCollections: Sendable {
    /// Each collection's first position after it; empty when no entry carries its collection.
    private let ends: [Int]

    init(site: Site, merges: Bool) {
        ends = merges && site.hasHome ? site.collections.map { $0.offset + $0.records.count } : []
    }

    subscript(position: Int) -> Int? { ends.firstIndex { position < $0 } }
}
