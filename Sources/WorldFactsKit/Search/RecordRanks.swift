import WorldFactsModel

/// By record position: the score that orders search results after an exact match (`RecordRank.score`,
/// higher first), and how an entry writes it. An entry carries a score slot when its collection is ranked,
/// or when it carries a label (the "All" scope's previews, whose entries merge collections): `null` there
/// when the record has no score.
struct RecordRanks: Sendable {
    /// By collection, by position in it: empty for a collection that is not ranked. A collection a language
    /// takes from the default's shares the default's array, which is neither copied nor scored again.
    let scores: [[Double?]]
    /// Each collection's first position after it, and whether it is ranked.
    let collections: [(end: Int, ranked: Bool)]

    /// `shared`: in a language other than the default, the default's ranks and the collections this site
    /// takes whole from the default's, at the same positions (`SiteGenerator.sharedScopes`): their scores
    /// are the default's.
    init(site: Site, sharing shared: Sharing? = nil) {
        collections = Self.collections(of: site)
        // Through stored properties, by position: a collection or a record passed whole is copied.
        scores = site.collections.indices.map { number -> [Double?] in
            if let copied = Self.shared(number, of: site, from: shared) { return copied }
            guard let rank = site.collections[number].spec.rank else { return [] }
            return site.collections[number].records.indices.map {
                rank.score(of: site.collections[number].records[$0].values[rank.field])
            }
        }
    }

    /// The default language's ranks, and the collections a language takes whole from the default's.
    typealias Sharing = (ranks: RecordRanks, collections: Set<Int>)

    /// Ranks of `scores` as given, with the collections they were scored for (an update's).
    init(scores: [[Double?]], collections: [(end: Int, ranked: Bool)]) {
        (self.scores, self.collections) = (scores, collections)
    }

    /// Each collection's first position after it, and whether it is ranked.
    static func collections(of site: Site) -> [(end: Int, ranked: Bool)] {
        site.collections.map { ($0.offset + $0.records.count, $0.spec.rank != nil) }
    }

    /// The default's scores of collection `number`, when it is one `site` takes from there.
    static func shared(_ number: Int, of site: Site, from shared: Sharing?) -> [Double?]? {
        guard let shared, shared.collections.contains(number), shared.ranks.scores.indices.contains(number),
            shared.ranks.collections[number].ranked == (site.collections[number].spec.rank != nil),
            shared.ranks.scores[number].count
                == (shared.ranks.collections[number].ranked
                    ? site.collections[number].records.count : 0)
        else { return nil }
        return shared.ranks.scores[number]
    }

    /// Whether no collection is ranked.
    var isEmpty: Bool { !collections.contains { $0.ranked } }

    subscript(position: Int) -> Double? { score(place(of: position)) }

    /// What the entry at `position` writes in its score slot; nil when it has none.
    func text(_ position: Int, labelled: Bool) -> String? {
        let place = place(of: position)
        guard labelled || place?.ranked == true else { return nil }
        return Self.json(score(place))
    }

    /// The collection that holds `position`, the position in it, and whether it is ranked.
    private func place(of position: Int) -> (collection: Int, offset: Int, ranked: Bool)? {
        var start = 0
        for (number, collection) in collections.enumerated() {
            if position < collection.end { return (number, position - start, collection.ranked) }
            start = collection.end
        }
        return nil
    }

    private func score(_ place: (collection: Int, offset: Int, ranked: Bool)?) -> Double? {
        guard let place, place.ranked else { return nil }
        return scores[place.collection][place.offset]
    }

    /// A score as JSON: an integer without a fraction, else the shortest decimal that reads back to it.
    static func json(_ score: Double?) -> String {
        guard let score else { return "null" }
        if score == score.rounded(), abs(score) < 1e15 { return String(Int64(score)) }
        return String(score)
    }
}
