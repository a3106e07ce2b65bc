import WorldFactsModel

/// By record position: the score that orders search results after an exact match (`RecordRank.score`,
/// higher first), and how an entry writes it. An entry carries a score slot when its collection is ranked,
/// or when it carries a label (the "All" scope's previews, whose entries merge collections): `null` there
/// when the record has no score.
struct RecordRanks: Sendable {
    /// By position; empty when no collection is ranked.
    let scores: [Double?]
    /// Each collection's first position after it, and whether it is ranked.
    let collections: [(end: Int, ranked: Bool)]

    /// `shared`: in a language other than the default, the default's ranks and the collections this site
    /// takes whole from the default's, at the same positions (`SiteGenerator.sharedScopes`): their scores
    /// are copied from there, not scored again.
    init(site: Site, sharing shared: Sharing? = nil) {
        collections = Self.collections(of: site)
        guard site.collections.contains(where: { $0.spec.rank != nil }) else {
            scores = []
            return
        }
        // Through stored properties, by position: a collection or a record passed whole is copied.
        scores = site.collections.indices.flatMap { number -> [Double?] in
            let offset = site.collections[number].offset
            let range = offset..<(offset + site.collections[number].records.count)
            if let copied = Self.shared(range, of: site.collections[number], from: shared) { return Array(copied) }
            guard let rank = site.collections[number].spec.rank else {
                return Array(repeating: nil, count: range.count)
            }
            return (0..<range.count).map { rank.score(of: site.collections[number].records[$0].values[rank.field]) }
        }
    }

    /// The default language's ranks, and the collections a language takes whole from the default's.
    typealias Sharing = (ranks: RecordRanks, collections: Set<Int>)

    /// Ranks of `scores` as given, with the collections they were scored for (an update's).
    init(scores: [Double?], collections: [(end: Int, ranked: Bool)]) {
        (self.scores, self.collections) = (scores, collections)
    }

    /// Each collection's first position after it, and whether it is ranked.
    static func collections(of site: Site) -> [(end: Int, ranked: Bool)] {
        site.collections.map { ($0.offset + $0.records.count, $0.spec.rank != nil) }
    }

    /// The scores at `range` of the default's ranks, when `collection` is one this site takes from there.
    static func shared(
        _ range: Range<Int>, of collection: RecordCollection, from shared: Sharing?
    ) -> ArraySlice<Double?>? {
        guard let shared, shared.collections.contains(collection.number), shared.ranks.scores.count >= range.upperBound
        else { return nil }
        return shared.ranks.scores[range]
    }

    var isEmpty: Bool { scores.isEmpty }

    subscript(position: Int) -> Double? { scores.isEmpty ? nil : scores[position] }

    /// What the entry at `position` writes in its score slot; nil when it has none.
    func text(_ position: Int, labelled: Bool) -> String? {
        guard labelled || isRanked(position) else { return nil }
        return Self.json(self[position])
    }

    private func isRanked(_ position: Int) -> Bool {
        for collection in collections where position < collection.end { return collection.ranked }
        return false
    }

    /// A score as JSON: an integer without a fraction, else the shortest decimal that reads back to it.
    static func json(_ score: Double?) -> String {
        guard let score else { return "null" }
        if score == score.rounded(), abs(score) < 1e15 { return String(Int64(score)) }
        return String(score)
    }
}
