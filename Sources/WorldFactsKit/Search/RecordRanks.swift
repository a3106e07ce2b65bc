import WorldFactsModel

/// By record position: the score that orders search results after an exact match (`RecordRank.score`,
/// higher first), and how an entry writes it. An entry carries a score slot when its collection is ranked,
/// or when it carries a label (the "All" scope's previews, whose entries merge collections): `null` there
/// when the record has no score.
struct RecordRanks: Sendable {
    /// By position; empty when no collection is ranked.
    let scores: [Double?]
    /// Each collection's first position after it, and whether it is ranked.
    private let collections: [(end: Int, ranked: Bool)]

    /// `shared`: in a language other than the default, the default's ranks and the collections this site
    /// takes whole from the default's, at the same positions (`SiteGenerator.sharedScopes`): their scores
    /// are copied from there, not scored again.
    init(site: Site, sharing shared: (ranks: RecordRanks, collections: Set<Int>)? = nil) {
        collections = site.collections.map { ($0.offset + $0.records.count, $0.spec.rank != nil) }
        guard site.collections.contains(where: { $0.spec.rank != nil }) else {
            scores = []
            return
        }
        // Through stored properties, by position: a collection or a record passed whole is copied.
        scores = site.collections.indices.flatMap { number -> [Double?] in
            let offset = site.collections[number].offset
            let range = offset..<(offset + site.collections[number].records.count)
            if let shared, shared.collections.contains(site.collections[number].number),
                shared.ranks.scores.count >= range.upperBound
            {
                return Array(shared.ranks.scores[range])
            }
            guard let rank = site.collections[number].spec.rank else {
                return Array(repeating: nil, count: range.count)
            }
            return (0..<range.count).map { rank.score(of: site.collections[number].records[$0].values[rank.field]) }
        }
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
