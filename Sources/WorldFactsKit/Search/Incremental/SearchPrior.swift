import WorldFactsModel
import WorldFactsOutput

/// What the last build left that the search index keeps: its files with the inputs each was planned
/// from (a bucket whose inputs are unchanged stays as it was, unplanned and unwritten), and, in a build
/// whose searched values are the last one's, the memo its index left (`SearchMemo`) with the records
/// whose rows may differ since (`changed`, by the site's record numbers, ascending): then only the
/// buckets that hold a record whose entry changed are made again, and only their files are given
/// (`SearchIndex.dropped` names the files they no longer have). A clean index has `none`.
public struct SearchPrior: Sendable {
    public var output: any PriorOutput
    public var memo: SearchMemo?
    public var changed: [Int]

    public init(output: any PriorOutput, memo: SearchMemo? = nil, changed: [Int] = []) {
        self.output = output
        self.memo = memo
        self.changed = changed
    }

    public static let none = SearchPrior(output: NoPriorOutput())

    /// By scope, the last build's shard files: all of them, read from its manifest, unless the memo
    /// names them bucket by bucket.
    func shards(scopes: [SearchScope]) -> [PriorShards] {
        let byScope =
            memo == nil
            ? PriorShards.all(previous: output, scopes: scopes.map(\.id))
            : Dictionary(uniqueKeysWithValues: scopes.map { ($0.id, PriorShards(previous: output, files: [])) })
        return scopes.map { byScope[$0.id]! }
    }
}

extension SearchIndex {
    /// The index, keeping what `prior` lets it keep (`SearchPrior`): the one place the index consults
    /// what the last build left.
    public init(
        site: Site, rows: SearchRows, notes: [Int: String] = [:],
        sharing shared: (index: SearchIndex, scopes: Set<Int>)? = nil, prior: SearchPrior
    ) {
        self.init(indexing: ScopeIndexes(site: site, rows: rows, prior: prior, shared: shared), notes: notes)
    }

    /// An index from rows made beforehand, keeping what `prior` lets it keep (tests, small sites).
    public init(site: Site, rows: [IndexRow], prior: SearchPrior) {
        self.init(site: site, rows: SearchRows(rows), prior: prior)
    }
}
