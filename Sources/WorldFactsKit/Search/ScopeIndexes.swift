import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The index of every scope of a site (`SearchIndex`), made in the order they depend on each other: the
/// full-text scopes, made whole (`TextScopeIndex`); the members, each collection's scopes; then the "All"
/// scopes, which have a preview where any member has one and name the members' shards below them.
struct ScopeIndexes {
    let site: Site
    let scopes: [SearchScope]
    /// The rows, numbered: an update's titles and order are the last build's, and so are its numbers.
    let rows: SearchRows
    let prior: SearchPrior
    /// In a language other than the default: the default's index, and the scopes taken from it.
    let shared: (index: SearchIndex, scopes: Set<Int>)?
    /// By scope, the last build's shard files (`SearchPrior.shards`).
    let previous: [PriorShards]
    /// A first build writes every entry: the part of them that is the row is made once for all scopes. A
    /// rebuild makes the rows of the buckets it plans, when it plans them.
    let heads: EntryHeads?
    /// An update makes the heads of the entries it plans and writes once each, for every scope.
    let madeHeads: LazyEntryHeads?
    let ranks: RecordRanks
    /// By scope: its keys, its index and its indexer, as they are made.
    private(set) var keys: [SearchKeys?]
    private(set) var indexes: [ScopeIndexer.Index?]
    private(set) var indexers: [ScopeIndexer?]
    /// The scopes of one collection each, which an "All" scope merges.
    let members: [Int]

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
        ranks = RecordRanks(
            site: site,
            sharing: shared.map { shared in
                (shared.index.ranks, Set(shared.scopes.compactMap { scopes[$0].collection }))
            })
        keys = Self.keys(site: site, last: last, shared: shared)
        indexes = Array(repeating: nil, count: scopes.count)
        indexers = Array(repeating: nil, count: scopes.count)
        members = scopes.indices.filter { scopes[$0].isMember }
    }

    var sharedScopes: Set<Int> { shared?.scopes ?? [] }

    /// The keys of each scope: an update's are the last build's. One scope after the other, each on every
    /// core: a parallel map inside a parallel map runs serially in libdispatch, so the scopes themselves are
    /// not spread over the cores. Folding is the costly part of keys: the "All" scope merges the other
    /// scopes' keys, folded once.
    static func keys(site: Site, last: SearchMemo?, shared: (index: SearchIndex, scopes: Set<Int>)?) -> [SearchKeys?] {
        if let last { return last.keys }
        let scopes = site.config.search.scopes
        var keys: [SearchKeys?] = scopes.indices.map { number in
            if shared?.scopes.contains(number) == true, let shared { return shared.index.keys[number] }
            return scopes[number].collection == nil ? nil : SearchKeys(site: site, scope: scopes[number])
        }
        for (number, scope) in scopes.enumerated() where scope.collection == nil {
            keys[number] = SearchKeys(
                merging: scopes.indices.filter { scopes[$0].isMember }.map { keys[$0]! }, count: site.recordCount)
        }
        return keys
    }

    func indexer(
        _ number: Int, memberHashes: [[UInt64]] = [], links: ShardLinks = ShardLinks(), changed: [Int]
    ) -> ScopeIndexer {
        ScopeIndexer(
            scope: scopes[number], keys: keys[number]!, site: site, rows: rows, ranks: ranks, heads: heads,
            previous: previous[number], memberHashes: memberHashes, links: links,
            update: prior.memo.map {
                ScopeIndexer.Update(memo: $0.scopes[number], candidates: changed, buckets: $0.buckets, heads: madeHeads)
            })
    }

    /// The full-text scopes, each made whole, or kept whole by an update none of whose changed rows is
    /// its collection's (`keptText`). `notes`: by record position, the plain text of each note.
    mutating func indexTexts(notes: [Int: String]) {
        for number in scopes.indices where scopes[number].note {
            if let kept = keptText(number) {
                indexes[number] = kept
                continue
            }
            indexes[number] = Self.textIndex(
                number, site: site, keys: keys[number]!, rows: rows, ranks: ranks, notes: notes,
                previous: previous[number].previous, last: prior.memo)
        }
    }

    /// The members: those this index makes itself, made or updated, and those it shares, the default's.
    mutating func indexMembers() {
        let ownMembers = members.filter { !sharedScopes.contains($0) }
        for number in ownMembers { indexers[number] = indexer(number, changed: prior.changed) }
        if let last = prior.memo {
            for (number, index) in Self.update(ownMembers, indexers: indexers, memo: last) { indexes[number] = index }
        } else {
            for number in ownMembers { indexes[number] = indexers[number]!.index() }
        }
        if let shared {
            for number in sharedScopes { indexes[number] = shared.index.scopeIndexes[number] }
        }
    }

    /// The "All" scopes, once every member is indexed: a preview where any member has one.
    mutating func indexAlls() {
        let splits = Set(indexes.compactMap { $0?.splits }.joined())
        let memberHashes = indexes.compactMap { $0?.entryHashes }
        // An "All" entry changes with a member's: those the members found changed.
        // A scope shared with the default's index changed where the default's update found it did.
        let sharedChanged = sharedScopes.flatMap { shared?.index.indexers[$0]?.changed ?? [] }
        let membersChanged = Array(Set(indexers.compactMap { $0?.changed }.joined() + sharedChanged)).sorted()
        let alls = scopes.indices.filter { scopes[$0].collection == nil }
        guard !alls.isEmpty else { return }
        // The members' previews are where they were when their buckets' splits are: asked once, for every
        // "All" scope.
        let members = members
        let previewsKept =
            prior.memo.map { last in
                Set(members.flatMap { member in last.scopes[member].buckets.lazy.flatMap(\.splits).map(\.prefix) })
                    == splits
            } == true
        // The All scope's previews name the members' shards below them.
        let links = ShardLinks(
            members: members.map { number in
                (
                    scopes[number].id,
                    ShardLinks.byParent(indexes[number]!.memo.buckets.flatMap { $0.leaves + $0.splits })
                )
            })
        for number in alls {
            let indexer = indexer(number, memberHashes: memberHashes, links: links, changed: membersChanged)
            indexers[number] = indexer
            indexes[number] =
                prior.memo.map {
                    indexer.index(updating: $0.scopes[number], previews: splits, previewsKept: previewsKept)
                } ?? indexer.indexPreviews(at: splits)
        }
    }

    /// The indexes of the scopes numbered `members` updated from the last build's (`memo`). An update plans
    /// few buckets again, of every scope: all of them are spread over the cores at once, the largest
    /// first, rather than one scope after the other (an edit can plan a bucket of most records in one scope
    /// and a small one in the other).
    private static func update(
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

    /// The index of the full-text scope numbered `number`, made whole (`TextScopeIndex`), as a scope's
    /// index, with a memo of one bucket that names its files. An update (`last`) gives only the files the
    /// last build did not leave as they are, and drops those it no longer has, as an update of any scope does.
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

    private static func textIndex(
        _ number: Int, site: Site, keys: SearchKeys, rows: SearchRows, ranks: RecordRanks, notes: [Int: String],
        previous: any PriorOutput, last: SearchMemo?
    ) -> ScopeIndexer.Index {
        let text = TextScopeIndex(
            scope: site.config.search.scopes[number], site: site, keys: keys, rows: rows, ranks: ranks, notes: notes,
            previous: previous)
        let made = text.files.map { ($0.path, $0.inputs ?? "") }
        let lastFiles = last.map { $0.scopes[number].buckets.flatMap(\.files) } ?? []
        let kept = Set(lastFiles.map(\.path)).intersection(text.files.filter(\.isReused).map(\.path))
        let paths = Set(made.map(\.0))
        let hashes = [UInt64](repeating: 0, count: rows.count)
        return ScopeIndexer.Index(
            part: text.part, files: text.files.filter { !kept.contains($0.path) }.map { .kept($0) }, splits: [],
            entryHashes: hashes,
            memo: text.memo(
                entryHashes: hashes,
                buckets: [BucketMemo(first: " ", positions: [], leaves: [], splits: [], files: made)]),
            dropped: lastFiles.map(\.path).filter { !paths.contains($0) })
    }

}
