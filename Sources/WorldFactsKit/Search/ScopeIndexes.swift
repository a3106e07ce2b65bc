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
    var keys: [SearchKeys?]
    var indexes: [ScopeIndexer.Index?]
    var indexers: [ScopeIndexer?]
    /// The scopes of one collection each, which an "All" scope merges.
    let members: [Int]

    /// The indexes of a first build: every scope made whole.
    init(site: Site, rows: SearchRows, shared: (index: SearchIndex, scopes: Set<Int>)?) {
        self.init(site: site, rows: rows, prior: .none, shared: shared)
    }

    var sharedScopes: Set<Int> { shared?.scopes ?? [] }

    /// The keys of each scope (an update's are the last build's: `SearchMemo.keys`). One scope after the other, each on
    /// every core: a parallel map inside a parallel map runs serially in libdispatch, so the scopes themselves are not
    /// spread over the cores. Folding is the costly part of keys: the "All" scope merges the other scopes' keys, folded
    /// once.
    static func keys(site: Site, shared: (index: SearchIndex, scopes: Set<Int>)?) -> [SearchKeys?] {
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
        var indexer = ScopeIndexer(
            scope: scopes[number], keys: keys[number]!, site: site, rows: rows, ranks: ranks, heads: heads,
            memberHashes: memberHashes, links: links,
            update: prior.memo.map {
                ScopeIndexer.Update(memo: $0.scopes[number], candidates: changed, buckets: $0.buckets, heads: madeHeads)
            })
        indexer.previous = previous[number]
        return indexer
    }

    /// The full-text scopes, each made whole, or kept whole by an update none of whose changed rows is
    /// its collection's (`keptText`). `notes`: by record position, the plain text of each note.
    mutating func indexTexts(notes: [Int: String]) {
        for number in scopes.indices where scopes[number].note {
            if let kept = keptText(number) {
                indexes[number] = kept
                continue
            }
            indexes[number] = textIndex(number, notes: notes)
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
                (scopes[number].id, indexes[number]!.memo.shardsByParent)
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

    /// The index of the full-text scope numbered `number`, made whole (`TextScopeIndex`), as a scope's
    /// index, with a memo of one bucket that names its files. An update (`last`) gives only the files the
    /// last build did not leave as they are, and drops those it no longer has, as an update of any scope does.
    private func textIndex(_ number: Int, notes: [Int: String]) -> ScopeIndexer.Index {
        let (keys, last, previous) = (keys[number]!, prior.memo, previous[number].previous)
        let text = TextScopeIndex(
            scope: scopes[number], site: site, keys: keys, rows: rows, ranks: ranks, notes: notes)
        // A file the last build left under its name is this one (its name carries its hash): kept unwritten.
        let files = text.files.map { file in
            previous.canReuse(file.path, inputs: file.inputs!) ? .reused(path: file.path, inputs: file.inputs!) : file
        }
        let made = files.map { ($0.path, $0.inputs ?? "") }
        let lastFiles = last.map { $0.scopes[number].buckets.flatMap(\.files) } ?? []
        let kept = Set(lastFiles.map(\.path)).intersection(files.filter(\.isReused).map(\.path))
        let paths = Set(made.map(\.0))
        let hashes = [UInt64](repeating: 0, count: rows.count)
        return ScopeIndexer.Index(
            part: text.part, files: files.filter { !kept.contains($0.path) }.map { .kept($0) }, splits: [],
            entryHashes: hashes,
            memo: text.memo(
                entryHashes: hashes,
                buckets: [BucketMemo(first: " ", positions: [], leaves: [], splits: [], files: made)]),
            dropped: lastFiles.map(\.path).filter { !paths.contains($0) })
    }

}
