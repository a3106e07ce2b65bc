import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The scopes' indexes as a build that keeps what the last one left makes them (`SearchPrior`): its shard
/// files, and after a value edit its memo, updated where the edit changed rows.
extension ScopeIndexes {
    /// The indexes of a build that keeps what `prior` lets it keep: the last build's shard files whose inputs
    /// are unchanged, and, after a value edit, the last index's memo, of which only the buckets that hold a
    /// changed row are made again.
    init(site: Site, rows: SearchRows, prior: SearchPrior, shared: (index: SearchIndex, scopes: Set<Int>)?) {
        let scopes = site.config.search.scopes
        let last = prior.memo
        (self.site, self.scopes, self.prior, self.shared) = (site, scopes, prior, shared)
        var rows = rows
        rows.numbers = last?.numbers ?? SearchNumbers.merged(site: site, shared: shared?.index.memo.numbers)
        self.rows = rows
        previous = prior.shards(scopes: scopes)
        heads = last == nil && previous.allSatisfy(\.isEmpty) ? EntryHeads(rows: rows) : nil
        madeHeads = last == nil ? nil : LazyEntryHeads()
        let sharing = shared.map { shared in
            (ranks: shared.index.ranks, collections: Set(shared.scopes.compactMap { scopes[$0].collection }))
        }
        ranks =
            last?.ranks.map { RecordRanks(updating: $0, site: site, changed: prior.changed, sharing: sharing) }
            ?? RecordRanks(site: site, sharing: sharing)
        keys = last?.keys ?? Self.keys(site: site, shared: shared)
        indexes = Array(repeating: nil, count: scopes.count)
        indexers = Array(repeating: nil, count: scopes.count)
        members = scopes.indices.filter { scopes[$0].isMember }
    }

    /// A full-text scope's index as the last build left it, when this is an update and none of the rows it
    /// changes is of the scope's collection: the scope's entries are made of those rows, their keys, scores
    /// and notes only, and an update changes no note (`ValueEdits`). Nil when it must be made.
    func keptText(_ number: Int) -> ScopeIndexer.Index? {
        guard let memo = prior.memo?.scopes[number], !memo.textPart.isEmpty, let collection = scopes[number].collection
        else { return nil }
        let records = site.collections[collection]
        let range = records.offset..<(records.offset + records.records.count)
        guard !prior.changed.contains(where: range.contains) else { return nil }
        return ScopeIndexer.Index(
            part: memo.textPart, files: [], splits: [], entryHashes: memo.entryHashes, memo: memo, dropped: [])
    }

    /// The indexes of the scopes numbered `members` updated from the last build's (`memo`). An update plans
    /// few buckets again, of every scope: all of them are spread over the cores at once, the largest
    /// first, rather than one scope after the other (an edit can plan a bucket of most records in one scope
    /// and a small one in the other).
    static func update(
        _ members: [Int], indexers: [ScopeIndexer?], memo: SearchMemo
    ) -> [(scope: Int, index: ScopeIndexer.Index)] {
        let replanned = members.map { indexers[$0]!.replanned(memo.scopes[$0]) }
        func size(_ job: (member: Int, job: Int)) -> Int {
            memo.scopes[members[job.member]].buckets[replanned[job.member][job.job]].positions.count
        }
        let jobs = zip(members.indices, replanned).flatMap { member, numbers in
            numbers.indices.map { (member: member, job: $0) }
        }.sorted { size($0) != size($1) ? size($0) > size($1) : ($0.member, $0.job) < ($1.member, $1.job) }
        let made = Parallel.map(jobs.count) { number in
            let (member, job) = jobs[number]
            let scope = members[member]
            return indexers[scope]!.replan(
                memo.scopes[scope].buckets[replanned[member][job]], previews: nil, previewsKept: false)
        }
        var planned = replanned.map { [ScopeShards?](repeating: nil, count: $0.count) }
        for (number, (member, job)) in jobs.enumerated() { planned[member][job] = made[number] }
        return members.enumerated().map { member, scope in
            (
                scope,
                indexers[scope]!.index(
                    updating: memo.scopes[scope], replanned: replanned[member], planned: planned[member].map { $0! })
            )
        }
    }
}
