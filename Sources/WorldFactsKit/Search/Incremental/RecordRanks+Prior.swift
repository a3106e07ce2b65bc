import WorldFactsModel

/// The scores an update keeps from the last build's search memo (`SearchMemo.ranks`).
extension RecordRanks {
    /// The ranks of the last build (`SearchMemo.ranks`) with the records at `changed` (positions) scored
    /// again: an update's records keep their positions, and only those it changed can score otherwise. Only
    /// the arrays of the collections that hold a changed record are copied; a collection a language takes
    /// from the default's takes the default's scores again. Scored whole when the last build's collections
    /// were not these.
    init(updating last: RecordRanks, site: Site, changed: [Int], sharing shared: Sharing? = nil) {
        let collections = Self.collections(of: site)
        guard last.scores.count == collections.count,
            last.collections.elementsEqual(collections, by: { $0.end == $1.end && $0.ranked == $1.ranked })
        else {
            self.init(site: site, sharing: shared)
            return
        }
        var scores = last.scores
        for position in changed where position < collections.last?.end ?? 0 {
            let (number, record) = site.locate(position)
            if let copied = Self.shared(number, of: site, from: shared) {
                scores[number] = copied
            } else if let rank = site.collections[number].spec.rank {
                scores[number][record] = rank.score(of: site.collections[number].records[record].values[rank.field])
            }
        }
        self.init(scores: scores, collections: collections)
    }
}
