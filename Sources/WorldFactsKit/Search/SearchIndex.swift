import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The search index of a site: per scope, a manifest of prefixes and one JSON shard per prefix (see
/// `ScopeShards` for the files and `ScopeIndexer` for how they are made and kept).
///
/// Pages name no file of the index, so that a change to one shard rewrites no page. `search.js` reads
/// `search/entry.js`, the one file of the index whose name never changes: `{"v":4,"manifest":"manifest/<tag>"}`.
/// It names the manifest, `search/manifest/<tag>.js`, whose tag is a hash of its bytes:
/// `{"v":4,"pages":[["<pages folder>/","<label>"],…],"scopes":{"<id>":{"k":{"<first scalar>":"<file>",…},
/// "c":<collection>}},"more":"…{count}…","words":"…","count":"…{count}…","limit":<rows>}` (a count with
/// plural forms is an object of them: `counted`; `limit` is `search.results_limit`), where `pages` is by
/// collection number (`ShardEntry`). The manifest names each scope's shards one scalar long, and each preview those one
/// scalar below it (`ShardLinks`). Every shard is `search/<scope>/<file>.js`. The "All" scope has no
/// leaves and names the scopes whose shards answer below its previews: `"m":[["<scope>",<collection>],…]`
/// (see `ScopeIndexer`). A scope that another language's index shares names that index's folder, where its
/// shards are: `"o":"search/"` (`sharing(_:from:)`). Every file is JSON in a script (`path(of:)`).
public struct SearchIndex: Sendable {
    /// The folder of every file of the index (its shards).
    public static let folder = "search/"

    /// The manifest's JSON.
    public var manifest: String
    /// The manifest's name under `search/`, without extension: `manifest/<tag>`.
    public private(set) var manifestName: String
    /// By scope, its entry in the manifest's `scopes` (`"<id>":{…}`): equal parts name the same shards.
    private var scopeParts: [String]
    /// The manifest's members around the scopes.
    private let manifestHead: String, manifestTail: String
    /// Every shard, kept or planned, by scope and in prefix order, with the number of its scope.
    private var shards: [(scope: Int, file: ScopeShards.File)]
    /// By scope, what its indexing made: another language's index takes a scope it shares from here.
    let scopeIndexes: [ScopeIndexer.Index]
    /// The indexer of each scope, which makes its planned shards' entries (none for a full-text scope,
    /// whose files are made whole: `TextScopeIndex`).
    let indexers: [ScopeIndexer?]
    /// Each record's score: another language's index takes those of the collections it shares from here.
    let ranks: RecordRanks
    /// What the next build's index can start from when the searched values are unchanged (`SearchMemo`).
    public private(set) var memo: SearchMemo
    /// The keys of each scope.
    public var keys: [SearchKeys] { memo.keys }
    /// An update's files (`SearchPrior.memo`): the last build's shard files that this index no longer has. An
    /// update gives only the files of the buckets it made again, and every other file of the last build's
    /// index stays; a build from scratch gives every file, and this is empty.
    public let dropped: [String]

    /// The index of `site`, made whole: every scope's shards, its manifest and its entry.
    ///
    /// `notes`: by record position, the plain text of each note that a full-text scope searches.
    ///
    /// `sharing`: in a language other than the default, the default's index and the scopes this one
    /// shares with it (`sharing(_:from:)`): their keys and shards are taken from there, not made again.
    public init(
        site: Site, rows: SearchRows, notes: [Int: String] = [:],
        sharing shared: (index: SearchIndex, scopes: Set<Int>)? = nil
    ) {
        self.init(indexing: ScopeIndexes(site: site, rows: rows, shared: shared), notes: notes)
    }

    /// The index of the scopes `scopes` makes, in the order they depend on each other (`ScopeIndexes`): an
    /// update's keeps what its last build's memo lets it (`SearchPrior`), and drops the last manifest.
    init(indexing scopes: ScopeIndexes, notes: [Int: String]) {
        var scopes = scopes
        let site = scopes.site
        scopes.indexTexts(notes: notes)
        scopes.indexMembers()
        scopes.indexAlls()
        let parts: [ScopeIndexer.Index] = scopes.indexes.map { $0! }
        scopeIndexes = parts
        (manifestHead, manifestTail) = Self.manifestEnds(site: site)
        scopeParts = parts.map(\.part)
        manifest = manifestHead + scopeParts.joined(separator: ",") + manifestTail
        let manifestName = Self.manifestFolder + HashedName.tag(BulkHash.of(Array(manifest.utf8)))
        self.manifestName = manifestName
        shards = parts.enumerated().flatMap { number, part in part.files.map { (number, $0) } }
        indexers = scopes.indexers
        ranks = scopes.ranks
        let last = scopes.prior.memo
        memo = SearchMemo(
            keys: scopes.keys.map { $0! }, numbers: scopes.rows.numbers, scopes: parts.map(\.memo),
            buckets: last?.buckets ?? BucketCache(), manifestName: manifestName)
        memo.ranks = ranks
        let lastManifest = last.map { $0.manifestName == manifestName ? [] : [Self.path(of: $0.manifestName)] } ?? []
        dropped = parts.flatMap(\.dropped) + lastManifest
    }

    /// The manifest's members around its scopes: each collection's record pages folder and label (an
    /// entry gives its page's slug, and in the "All" scope of a site of several collections, its
    /// collection's number), then the strings and the results limit.
    static func manifestEnds(site: Site) -> (head: String, tail: String) {
        let config = site.config
        let pages = site.collections.map { collection in
            "[" + JSONText.quoted(collection.spec.records.pagesFolder + "/") + ","
                + JSONText.quoted(site.hasHome ? collection.spec.label : "") + "]"
        }
        let head = "{\"v\":4,\"pages\":[" + pages.joined(separator: ",") + "],\"scopes\":{"
        let tail =
            "},\"more\":" + Self.counted("more_results", config.strings.moreResults, config.strings) + ",\"words\":"
            + JSONText.quoted(config.strings.moreWords) + ",\"count\":"
            + Self.counted("result_count", config.strings.resultCount, config.strings) + ",\"limit\":"
            + String(config.search.resultsLimit) + "}"
        return (head, tail)
    }

    /// A count's text in the manifest: the text, or where the string has forms (`InterfaceStrings.plurals`) an
    /// object of one per CLDR plural category, each category the locale lacks given the "other" form, so that
    /// `search.js` finds a form for whatever category the browser's plural rules give (`Intl.PluralRules`).
    static func counted(_ key: String, _ text: String, _ strings: InterfaceStrings) -> String {
        guard let forms = strings.plurals[key] else { return JSONText.quoted(text) }
        let other = forms["other"] ?? text
        return "{"
            + PluralRules.categories.map { JSONText.quoted($0) + ":" + JSONText.quoted(forms[$0] ?? other) }.joined(
                separator: ",") + "}"
    }

    /// This index, but for the scopes numbered `shared`, whose shards are those another index of the site
    /// wrote under `folder` (from the output's root: `search/`), byte for byte: their parts name the same
    /// files. The manifest names that folder (`"o"`), where `search.js` reads their shards; this index
    /// makes none of them.
    public func sharing(_ shared: Set<Int>, from folder: String) -> SearchIndex {
        var index = self
        for number in shared {
            let part = scopeParts[number]
            index.scopeParts[number] = part.dropLast() + ",\"o\":" + JSONText.quoted(folder) + "}"
        }
        index.shards = shards.filter { !shared.contains($0.scope) }
        index.manifest = manifestHead + index.scopeParts.joined(separator: ",") + manifestTail
        index.manifestName = Self.manifestFolder + HashedName.tag(BulkHash.of(Array(index.manifest.utf8)))
        index.memo.manifestName = index.manifestName
        return index
    }

    /// How many files the index is: its shards, its manifest and its entry.
    public var fileCount: Int { shards.count + 2 }

    /// The folders under `search/` whose every file's name carries a hash of its bytes: the manifest's
    /// and each scope's.
    public static func hashedFolders(scopes: [SearchScope]) -> [String] {
        ([manifestFolder] + scopes.map { $0.id + "/" }).map { folder + $0 }
    }

    /// The entry's file, whose name never changes.
    public static var entryFiles: [String] { [path(of: entryName)] }

    /// Every file of the index, entry, manifest and shards alike, is JSON in a script,
    /// `__worldfacts("<name>",<JSON>);`, where the name is its path under `search/` without the extension.
    /// Pages opened from disk (`file://`), which cannot fetch, load it with a `<script>` element; over HTTP,
    /// `search.js` fetches it and parses the JSON between the two ends, which it knows from the name. One
    /// copy serves both: a JSON file beside each script once made the folder twice its size.
    static let fileExtension = ".js"

    /// The path of the file named `name` (under `search/`, without extension).
    static func path(of name: String) -> String { folder + name + fileExtension }

    /// What a file's JSON follows: the call and its name, quoted.
    static func scriptStart(_ name: String) -> String { "__worldfacts(" + JSONText.quoted(name) + "," }

    /// What a file's JSON is followed by.
    static let scriptEnd = ");\n"

    /// The manifest and the entry that names it.
    public var manifestFiles: [OutputFile] {
        let entry = "{\"v\":4,\"manifest\":" + JSONText.quoted(manifestName) + "}"
        return [(manifestName, manifest), (Self.entryName, entry)].map { name, json in
            OutputFile(path: Self.path(of: name), bytes: Array((Self.scriptStart(name) + json + Self.scriptEnd).utf8))
        }
    }

    /// The name of the file that names the manifest: the one file of the index whose name never changes.
    public static let entryName = "entry"
    /// The folder of the manifest, under `search/`: a folder of its own, so that one rule of `_headers`
    /// covers every name it takes.
    public static let manifestFolder = "manifest/"

    /// How many shards `files(_:)` makes files of (one file each).
    public var shardCount: Int { shards.count }

    /// The files of the shards in `range`, in order, made on every core.
    public func files(_ range: Range<Int>) -> [OutputFile] {
        Parallel.map(range.count) { files(ofShard: range.lowerBound + $0) }.flatMap { $0 }
    }

    /// The file of one shard, or the file a live build keeps.
    public func files(ofShard number: Int) -> [OutputFile] {
        let (scope, file) = shards[number]
        guard let indexer = indexers[scope] else { return [file.outputFile { _, _ in }] }
        return [file.outputFile(appendEntry: indexer.appendEntry)]
    }

    /// Every file of the index (tests, small sites): a large index is written a range at a time.
    public var files: [OutputFile] { files(0..<shards.count) }

    /// An index from rows made beforehand (tests, small sites).
    public init(site: Site, rows: [IndexRow]) {
        self.init(site: site, rows: SearchRows(rows))
    }
}
