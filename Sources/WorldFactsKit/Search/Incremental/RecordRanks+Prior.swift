import WorldFactsModel

/// The scores an update keeps from the last build's search memo (`SearchMemo.ranks`).
extension RecordRanks {
    /// The ranks of the last build (`SearchMemo.ranks`) with the records at `changed` (positions) scored
    /// again: an update's records keep their positions, and only those it changed can score otherwise.
    /// Scored whole when the last build's collections were not these.
    init(updating last: RecordRanks, site: Site, changed: [Int], sharing shared: Sharing? = nil) {
        let collections = Self.collections(of: site)
        guard !last.scores.isEmpty, last.scores.count == site.recordCount,
            last.collections.elementsEqual(collections, by: { $0.end == $1.end && $0.ranked == $1.ranked })
        else {
            self.init(site: site, sharing: shared)
            return
        }
        var scores = last.scores
        for position in changed where position < scores.count {
            let (number, record) = site.locate(position)
            let collection = site.collections[number]
            if let copied = Self.shared(position..<position + 1, of: collection, from: shared) {
                scores[position] = copied.first!
            } else if let rank = collection.spec.rank {
                scores[position] = rank.score(of: collection.records[record].values[rank.field])
            }
        }
        self.init(scores: scores, collections: collections)
    }
}
