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
    private let scopeIndexes: [ScopeIndexer.Index]
    /// The indexer of each scope, which makes its planned shards' entries (none for a full-text scope,
    /// whose files are made whole: `TextScopeIndex`).
    private let indexers: [ScopeIndexer?]
    /// What the next build's index can start from when the searched values are unchanged (`SearchMemo`).
    public private(set) var memo: SearchMemo
    /// The keys of each scope.
    public var keys: [SearchKeys] { memo.keys }
    /// An update's files (`updating`): the last build's shard files that this index no longer has. An
    /// update gives only the files of the buckets it made again, and every other file of the last build's
    /// index stays; a build from scratch gives every file, and this is empty.
    public let dropped: [String]

    /// `previous` lets a bucket of shards (every prefix that starts with one scalar) whose inputs are
    /// those of the previous build stay as it was, unplanned and unwritten.
    ///
    /// `updating`, when given, is the memo of the last build's index, of a site whose searched values
    /// are these (its keys are this index's keys), and `changed` the positions whose rows may differ
    /// since (ascending): only the buckets that hold a record whose entry changed are made again, and only
    /// their files are given (`dropped` names the files they no longer have).
    ///
    /// `notes`: by record position, the plain text of each note that a full-text scope searches.
    ///
    /// `sharing`: in a language other than the default, the default's index and the scopes this one
    /// shares with it (`sharing(_:from:)`): their keys and shards are taken from there, not made again.
    public init(
        site: Site, rows: SearchRows, previous: any PreviousOutput = NoPreviousOutput(),
        updating last: SearchMemo? = nil, changed: [Int] = [], notes: [Int: String] = [:],
        sharing shared: (index: SearchIndex, scopes: Set<Int>)? = nil
    ) {
        let config = site.config
        let scopes = config.search.scopes
        // An update's titles and order are the last build's, and so are its numbers.
        var rows = rows
        rows.numbers = last?.numbers ?? SearchNumbers.merged(site: site, shared: shared?.index.memo.numbers)
        let previousByScope =
            last == nil
            ? PreviousShards.all(previous: previous, scopes: scopes.map(\.id))
            : Dictionary(uniqueKeysWithValues: scopes.map { ($0.id, PreviousShards(previous: previous, files: [])) })
        let previous = scopes.map { previousByScope[$0.id]! }
        // A first build writes every entry: the part of them that is the row is made once for all
        // scopes. A rebuild makes the rows of the buckets it plans, when it plans them.
        let heads = last == nil && previous.allSatisfy(\.isEmpty) ? EntryHeads(rows: rows) : nil
        // One scope after the other, each on every core: a parallel map inside a parallel map runs
        // serially in libdispatch, so the scopes themselves are not spread over the cores.
        // Folding is the costly part of keys: the "All" scope merges the other scopes' keys, folded once.
        let sharedScopes = shared?.scopes ?? []
        var keys: [SearchKeys?] =
            last?.keys
            ?? scopes.indices.map { number in
                if sharedScopes.contains(number), let shared { return shared.index.keys[number] }
                return scopes[number].collection == nil ? nil : SearchKeys(site: site, scope: scopes[number])
            }
        for (number, scope) in scopes.enumerated() where last == nil && scope.collection == nil {
            keys[number] = SearchKeys(
                merging: scopes.indices.filter { scopes[$0].isMember }.map { keys[$0]! }, count: site.recordCount)
        }
        // An update makes the heads of the entries it plans and writes once each, for every scope.
        let madeHeads = last == nil ? nil : LazyEntryHeads()
        let ranks = RecordRanks(site: site)
        func indexer(
            _ number: Int, memberHashes: [[UInt64]] = [], links: ShardLinks = ShardLinks(), changed: [Int]
        ) -> ScopeIndexer {
            ScopeIndexer(
                scope: scopes[number], keys: keys[number]!, site: site, rows: rows, ranks: ranks, heads: heads,
                previous: previous[number], memberHashes: memberHashes, links: links,
                update: last.map {
                    ScopeIndexer.Update(
                        memo: $0.scopes[number], candidates: changed, buckets: $0.buckets, heads: madeHeads)
                })
        }
        // The "All" scope has a preview where any other scope has one, so it is indexed after them.
        var indexes = [ScopeIndexer.Index?](repeating: nil, count: scopes.count)
        var indexers = [ScopeIndexer?](repeating: nil, count: scopes.count)
        let members = scopes.indices.filter { scopes[$0].isMember }
        for number in scopes.indices where scopes[number].note {
            indexes[number] = Self.textIndex(
                number, site: site, keys: keys[number]!, rows: rows, ranks: ranks, notes: notes,
                previous: previousByScope[scopes[number].id]!.previous, last: last)
        }
        // The members this index makes itself: those it shares are the default's.
        let ownMembers = members.filter { !sharedScopes.contains($0) }
        for number in ownMembers { indexers[number] = indexer(number, changed: changed) }
        if let last {
            for (number, index) in Self.update(ownMembers, indexers: indexers, memo: last) { indexes[number] = index }
        } else {
            for number in ownMembers { indexes[number] = indexers[number]!.index() }
        }
        if let shared {
            for number in sharedScopes { indexes[number] = shared.index.scopeIndexes[number] }
        }
        let splits = Set(indexes.compactMap { $0?.splits }.joined())
        let memberHashes = indexes.compactMap { $0?.entryHashes }
        // An "All" entry changes with a member's: those the members found changed.
        // A scope shared with the default's index changed where the default's update found it did.
        let sharedChanged = sharedScopes.flatMap { shared?.index.indexers[$0]?.changed ?? [] }
        let membersChanged = Array(Set(indexers.compactMap { $0?.changed }.joined() + sharedChanged)).sorted()
        let alls = scopes.indices.filter { scopes[$0].collection == nil }
        // The members' previews are where they were when their buckets' splits are: asked once, for every
        // "All" scope.
        let previewsKept =
            !alls.isEmpty
            && last.map { last in
                Set(members.flatMap { member in last.scopes[member].buckets.lazy.flatMap(\.splits).map(\.prefix) })
                    == splits
            } == true
        // The All scope's previews name the members' shards below them (grouped only when there is one).
        let links = ShardLinks(
            members: alls.isEmpty
                ? []
                : members.map { number in
                    (
                        scopes[number].id,
                        ShardLinks.byParent(indexes[number]!.memo.buckets.flatMap { $0.leaves + $0.splits })
                    )
                })
        for number in alls {
            let indexer = indexer(number, memberHashes: memberHashes, links: links, changed: membersChanged)
            indexers[number] = indexer
            indexes[number] =
                last.map { indexer.index(updating: $0.scopes[number], previews: splits, previewsKept: previewsKept) }
                ?? indexer.indexPreviews(at: splits)
        }
        let parts: [ScopeIndexer.Index] = indexes.map { $0! }
        scopeIndexes = parts
        // Each collection's record pages folder and label: an entry gives its page's slug, and in the "All"
        // scope of a site of several collections, its collection's number.
        let pages = site.collections.map { collection in
            "[" + JSONText.quoted(collection.spec.records.pagesFolder + "/") + ","
                + JSONText.quoted(site.hasHome ? collection.spec.label : "") + "]"
        }
        manifestHead = "{\"v\":4,\"pages\":[" + pages.joined(separator: ",") + "],\"scopes\":{"
        manifestTail =
            "},\"more\":" + Self.counted("more_results", config.strings.moreResults, config.strings) + ",\"words\":"
            + JSONText.quoted(config.strings.moreWords) + ",\"count\":"
            + Self.counted("result_count", config.strings.resultCount, config.strings) + ",\"limit\":"
            + String(config.search.resultsLimit) + "}"
        scopeParts = parts.map(\.part)
        manifest = manifestHead + scopeParts.joined(separator: ",") + manifestTail
        let manifestName = Self.manifestFolder + HashedName.tag(BulkHash.of(Array(manifest.utf8)))
        self.manifestName = manifestName
        shards = parts.enumerated().flatMap { number, part in part.files.map { (number, $0) } }
        self.indexers = indexers
        memo = SearchMemo(
            keys: keys.map { $0! }, numbers: rows.numbers, scopes: parts.map(\.memo),
            buckets: last?.buckets ?? BucketCache(), manifestName: manifestName)
        let lastManifest =
            last.map { last in
                last.manifestName == manifestName
                    ? [] : [Self.path(of: last.manifestName)]
            } ?? []
        dropped = parts.flatMap(\.dropped) + lastManifest
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
    private static func textIndex(
        _ number: Int, site: Site, keys: SearchKeys, rows: SearchRows, ranks: RecordRanks, notes: [Int: String],
        previous: any PreviousOutput, last: SearchMemo?
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
            memo: ScopeMemo(
                entryHashes: hashes, entryFloors: [],
                buckets: [BucketMemo(first: " ", positions: [], leaves: [], splits: [], files: made)]),
            dropped: lastFiles.map(\.path).filter { !paths.contains($0) })
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
    public init(site: Site, rows: [IndexRow], previous: any PreviousOutput = NoPreviousOutput()) {
        self.init(site: site, rows: SearchRows(rows), previous: previous)
    }
}
