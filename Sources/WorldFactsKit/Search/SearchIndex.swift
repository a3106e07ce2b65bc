import WorldFactsModel
import WorldFactsSupport

/// The search index of a site: per scope, a manifest of prefixes and one JSON shard per prefix (see
/// `ScopeShards` for the files and `ScopeIndexer` for how they are made and kept).
///
/// Manifest (inlined in index.html): `{"v":1,"scopes":{"<id>":{"l":[leaf prefixes],"p":[split prefixes]}},
/// "more":"…{count}…","count":"…{count}…"}`; the "All" scope's has no leaves and names the scopes whose
/// shards answer below its previews: `"m":[["<scope>","<label>"],…]` (see `ScopeIndexer`).
public struct SearchIndex: Sendable {
    /// The folder of every file of the index (its shards).
    public static let folder = "search/"

    public var manifest: String
    public var files: [OutputFile]
    /// The keys of each scope: what a live build gives the next when the searched values are unchanged.
    public var keys: [SearchKeys]

    /// `previous` lets a bucket of shards (every prefix that starts with one scalar) whose inputs are
    /// those of the previous build stay as it was, unplanned and unwritten. `keys`, when given, are the
    /// keys of each scope made already (`keys` of the index of a site whose searched values are these).
    public init(
        site: Site, rows: SearchRows, previous: any PreviousOutput = NoPreviousOutput(), keys made: [SearchKeys]? = nil
    ) {
        let config = site.config
        let previousByScope = PreviousShards.all(previous: previous, scopes: config.search.scopes.map(\.id))
        let previous = config.search.scopes.map { previousByScope[$0.id]! }
        // A first build writes every entry: its rows are made once for all scopes. A rebuild makes
        // the rows of the buckets it plans, when it plans them.
        let rows = previous.allSatisfy(\.isEmpty) ? rows.made() : rows
        // One scope after the other, each on every core: a parallel map inside a parallel map runs
        // serially in libdispatch, so the scopes themselves are not spread over the cores.
        // Folding is the costly part of keys: the "All" scope merges the other scopes' keys, folded once.
        let scopes = config.search.scopes
        var keys: [SearchKeys?] = made ?? scopes.map { $0.collection == nil ? nil : SearchKeys(site: site, scope: $0) }
        for (number, scope) in scopes.enumerated() where made == nil && scope.collection == nil {
            keys[number] = SearchKeys(merging: keys.compactMap { $0 }, count: site.recordCount)
        }
        self.keys = keys.map { $0! }
        func indexer(_ number: Int, memberHashes: [[UInt64]] = []) -> ScopeIndexer {
            ScopeIndexer(
                scope: scopes[number], keys: keys[number]!, site: site, rows: rows, previous: previous[number],
                memberHashes: memberHashes)
        }
        // The "All" scope has a preview where any other scope has one, so it is indexed after them.
        var indexes = [ScopeIndexer.Index?](repeating: nil, count: scopes.count)
        for number in scopes.indices where scopes[number].collection != nil {
            indexes[number] = indexer(number).index()
        }
        let splits = Set(indexes.compactMap { $0?.splits }.joined())
        let memberHashes = indexes.compactMap { $0?.entryHashes }
        for number in scopes.indices where scopes[number].collection == nil {
            indexes[number] = indexer(number, memberHashes: memberHashes).indexPreviews(at: splits)
        }
        let parts: [ScopeIndexer.Index] = indexes.map { $0! }
        manifest =
            "{\"v\":1,\"scopes\":{" + parts.map(\.part).joined(separator: ",") + "},\"more\":"
            + JSONText.quoted(config.strings.moreResults) + ",\"count\":" + JSONText.quoted(config.strings.resultCount)
            + "}"
        files = parts.flatMap(\.files)
    }

    /// An index from rows made beforehand (tests, small sites).
    public init(site: Site, rows: [IndexRow], previous: any PreviousOutput = NoPreviousOutput()) {
        self.init(site: site, rows: SearchRows(rows), previous: previous)
    }
}
