import Dispatch

/// The search index of a site: per scope, a manifest of prefixes and one JSON shard per prefix, each
/// with a script-wrapped twin for pages opened from disk (file://), where fetch() is not allowed.
///
/// Shard JSON: `{"n": total, "r": [[position, title, subtitle, detail, path, [folded texts…]], …]}`;
/// a leaf holds every match of its prefix (`n` equals the count of `r`), a preview the first ones.
/// Twin: `__worldfacts("<scope>/<file>", <the same JSON>);`.
/// Manifest (inlined in index.html): `{"v":1,"scopes":{"<id>":{"l":[leaf prefixes],"p":[split prefixes]}},
/// "more":"…{count}…"}`. Files: `search/<scope>/<l|p>-<hex of the prefix's UTF-8>.json|.js`.
public struct SearchIndex: Sendable {
    public var manifest: String
    public var files: [OutputFile]

    public static func fileName(kind: ShardPlan.Kind, prefix: String) -> String {
        var name = kind.rawValue + "-"
        for byte in prefix.utf8 {
            name += String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }
        return name
    }

    /// `reuse` lets a bucket of shards (every prefix that starts with one scalar) whose inputs are those
    /// of the previous build stay as it was, unplanned and unwritten.
    public init(site: Site, rows: SearchRows, reuse: ReuseIndex = .none) {
        let config = site.config
        let previousByScope = PreviousBuckets.all(reuse: reuse, scopes: config.search.scopes.map(\.id))
        let previous = config.search.scopes.map { previousByScope[$0.id]! }
        // A first build writes every entry: its rows are made once for all scopes. A rebuild makes
        // the rows of the buckets it plans, when it plans them.
        let rows = previous.allSatisfy(\.isEmpty) ? rows.made() : rows
        // One scope after the other, each on every core: a parallel map inside a parallel map runs
        // serially in libdispatch, so the scopes themselves are not spread over the cores.
        let parts = config.search.scopes.indices.map {
            Self.scope(config.search.scopes[$0], site: site, rows: rows, previous: previous[$0])
        }
        manifest = "{\"v\":1,\"scopes\":{" + parts.map(\.part).joined(separator: ",") + "},\"more\":"
            + JSONText.quoted(config.strings.moreResults) + ",\"count\":" + JSONText.quoted(config.strings.resultCount) + "}"
        files = parts.flatMap(\.files)
    }

    /// An index from rows made beforehand (tests, small sites).
    public init(site: Site, rows: [IndexRow], reuse: ReuseIndex = .none) {
        self.init(site: site, rows: SearchRows(rows), reuse: reuse)
    }

    /// The shards of one bucket and the prefixes they answer.
    struct BucketShards {
        var leaves: [String] = []
        var splits: [String] = []
        var files: [OutputFile] = []

        mutating func append(_ other: BucketShards) {
            leaves += other.leaves
            splits += other.splits
            files += other.files
        }
    }

    /// One scope's shards and its part of the manifest.
    static func scope(_ scope: SearchScope, site: Site, rows: SearchRows, previous: PreviousBuckets) -> (part: String, files: [OutputFile]) {
        let config = site.config
        let keys = SearchKeys(site: site, scope: scope)
        // An entry's hash is taken from what it is made of; its JSON is made only for the buckets that
        // are planned: all of them when there is no previous build, few on a rebuild.
        let entryHashes = Slots<UInt64>.concurrentMap(rows.count) {
            Self.entryHash(position: $0, rowInputs: rows.inputs[$0], texts: keys.texts[$0])
        }
        let entryFloors = Slots<Int>.concurrentMap(rows.count) { Self.entryFloor(position: $0, titleAndPath: rows.titleAndPathBytes[$0], texts: keys.texts[$0]) }
        let planner = ShardPlanner(budget: config.search.shardBudget, previewSize: config.search.previewSize)
        let buckets = keys.buckets()
        let allEntries: [String]? = previous.isEmpty
            ? Slots<String>.concurrentMap(rows.count) { Self.entry(position: $0, row: rows.row($0), texts: keys.texts[$0]) } : nil
        @Sendable func entries(_ bucket: SearchKeys.Bucket) -> [String] {
            bucket.positions.map { allEntries?[$0] ?? Self.entry(position: $0, row: rows.row($0), texts: keys.texts[$0]) }
        }
        // A bucket, or a part of one, planned whole: its shards, each carrying the unit's inputs.
        @Sendable func planned(_ bucket: SearchKeys.Bucket, inputs: UInt64) -> BucketShards {
            let entries = entries(bucket)  // by the bucket's own record numbers
            let plans = planner.plan(bucket, entrySize: entries.map(\.utf8.count))
            return Self.shards(plans, scope: scope, inputs: inputs) { entries[bucket.number(of: $0)] }
        }
        // A large bucket is planned and kept as its node and its parts, each part in the same way: a
        // change to one record re-plans the few small parts it is in, not the whole bucket.
        @Sendable func units(_ bucket: SearchKeys.Bucket, into shards: inout BucketShards) {
            let digest = Self.digest(of: bucket, scope: scope, planner: planner, entryHashes: entryHashes)
            let whole = Self.unitInputs(digest, unit: .whole), node = Self.unitInputs(digest, unit: .node)
            if let kept = previous.reusable(inputs: whole) { return shards.append(kept) }
            guard planner.mustSplit(bucket, entryFloor: bucket.positions.map { entryFloors[$0] }) else {
                return shards.append(planned(bucket, inputs: whole))
            }
            if bucket.prefix.count == 1, let kept = previous.bucket(bucket.first, nodeInputs: node) { return shards.append(kept) }
            shards.append(previous.reusable(inputs: node) ?? Self.shards([planner.preview(of: bucket)], scope: scope, inputs: node) {
                Self.entry(position: $0, row: rows.row($0), texts: keys.texts[$0])
            })
            for part in bucket.parts() { units(part, into: &shards) }
        }
        let shards = Slots<BucketShards>.concurrentMap(buckets.count) { number in
            var shards = BucketShards()
            units(buckets[number], into: &shards)
            return shards
        }
        let part = JSONText.quoted(scope.id) + ":{\"l\":[" + shards.flatMap(\.leaves).map(JSONText.quoted).joined(separator: ",")
            + "],\"p\":[" + shards.flatMap(\.splits).map(JSONText.quoted).joined(separator: ",") + "]}"
        return (part, shards.flatMap(\.files))
    }

    /// The files of planned shards, each carrying `inputs`, and the prefixes they answer.
    static func shards(_ plans: [ShardPlan], scope: SearchScope, inputs number: UInt64, entry: (Int) -> String) -> BucketShards {
        let inputs = Hex.text(number)
        var shards = BucketShards()
        for plan in plans {
            if plan.kind == .leaf { shards.leaves.append(plan.prefix) } else { shards.splits.append(plan.prefix) }
            let json = "{\"n\":\(plan.total),\"r\":[" + plan.records.map(entry).joined(separator: ",") + "]}"
            let key = scope.id + "/" + Self.fileName(kind: plan.kind, prefix: plan.prefix)
            shards.files.append(OutputFile(path: "search/" + key + ".json", text: json, inputs: inputs))
            shards.files.append(OutputFile(path: "search/" + key + ".js", text: "__worldfacts(\(JSONText.quoted(key))," + json + ");\n", inputs: inputs))
        }
        return shards
    }

    /// Everything a bucket's shards are made of: the planner's settings, the scope, and the position and
    /// entry of every record in it (an entry holds the record's folded texts, so its suffixes too).
    static func digest(of bucket: SearchKeys.Bucket, scope: SearchScope, planner: ShardPlanner, entryHashes: [UInt64]) -> UInt64 {
        var hash = FNV1a()
        hash.add(contentsOf: ContextFingerprint.generatorVersion.utf8)
        hash.add(0xFF)
        hash.add(contentsOf: scope.id.utf8)
        hash.add(0xFF)
        hash.add(word: UInt64(planner.budget))
        hash.add(word: UInt64(planner.previewSize))
        hash.add(word: UInt64(bucket.prefix.count))
        for scalar in bucket.prefix { hash.add(word: UInt64(scalar.value)) }
        hash.add(word: UInt64(bucket.suffixes.count))
        for position in bucket.positions {
            hash.add(word: UInt64(position))
            hash.add(word: entryHashes[position])
        }
        return hash.state
    }

    /// How a unit of shards was planned: a bucket whole, or the node alone of a bucket planned in parts.
    enum Unit: UInt8 { case whole = 1, node = 2 }

    /// What every file of a unit carries as its inputs: its bucket's digest and how it was planned. The
    /// next build finds a unit's files by these inputs.
    static func unitInputs(_ digest: UInt64, unit: Unit) -> UInt64 {
        var hash = FNV1a()
        hash.add(word: digest)
        hash.add(unit.rawValue)
        return hash.state
    }

    /// A hash of everything `entry` writes, without writing it: its position, what its row is made of
    /// (`SearchRows.inputs`) and its folded texts.
    static func entryHash(position: Int, rowInputs: UInt64, texts: [String]) -> UInt64 {
        var hash = FNV1a()
        hash.add(word: UInt64(position))
        hash.add(word: rowInputs)
        for text in texts {
            hash.add(contentsOf: text.utf8)
            hash.add(0xFF)  // never in UTF-8: ends the text
        }
        return hash.state
    }

    /// The fewest bytes `entry` can write for a record, knowing only the bytes of its title and path
    /// and its texts: no subtitle, no detail, nothing escaped.
    static func entryFloor(position: Int, titleAndPath: Int, texts: [String]) -> Int {
        // [ position ,"title" ,"" ,"" ,"path" ,[ "text",… ]]
        1 + String(position).utf8.count + 3 + 3 + 3 + 3 + titleAndPath + 2
            + texts.reduce(0) { $0 + $1.utf8.count + 2 } + max(texts.count - 1, 0) + 2
    }

    static func entry(position: Int, row: IndexRow, texts: [String]) -> String {
        var json = "["
        json.reserveCapacity(32 + [row.title, row.subtitle ?? "", row.detail ?? "", row.path].reduce(0) { $0 + $1.utf8.count }
                             + texts.reduce(0) { $0 + $1.utf8.count + 3 })
        json += String(position)
        for field in [row.title, row.subtitle ?? "", row.detail ?? "", row.path] {
            json += ","
            JSONText.appendQuoted(field, to: &json)
        }
        json += ",["
        for (offset, text) in texts.enumerated() {
            if offset > 0 { json += "," }
            JSONText.appendQuoted(text, to: &json)
        }
        json += "]]"
        return json
    }
}

/// What the search index reads of the records: each one's row, made when it is needed, and a hash of
/// everything the row is made of, which stands for the row in the digests that decide what to rebuild.
public struct SearchRows: Sendable {
    public let count: Int
    /// By record position; equal inputs must mean equal rows (`PageContexts.rowInputs`).
    public let inputs: [UInt64]
    /// By record position: the UTF-8 bytes of the row's title and path, which are known before the row
    /// is made (a floor for the size of its entry).
    public let titleAndPathBytes: [Int]
    public let row: @Sendable (Int) -> IndexRow

    public init(inputs: [UInt64], titleAndPathBytes: [Int], row: @escaping @Sendable (Int) -> IndexRow) {
        count = inputs.count
        self.inputs = inputs
        self.titleAndPathBytes = titleAndPathBytes
        self.row = row
    }

    /// Rows made beforehand, hashed from their own fields.
    public init(_ rows: [IndexRow]) {
        self.init(inputs: rows.map(Self.hash), titleAndPathBytes: rows.map { $0.title.utf8.count + $0.path.utf8.count }) { rows[$0] }
    }

    /// The same rows, every one made now, on every core.
    func made() -> SearchRows {
        let rows = Slots<IndexRow>.concurrentMap(count, row)
        return SearchRows(inputs: inputs, titleAndPathBytes: titleAndPathBytes) { rows[$0] }
    }

    static func hash(_ row: IndexRow) -> UInt64 {
        var hash = FNV1a()
        for text in [row.title, row.subtitle ?? "", row.detail ?? "", row.path] {
            hash.add(contentsOf: text.utf8)
            hash.add(0xFF)
        }
        hash.add(row.subtitle == nil ? 0 : 1)
        hash.add(row.detail == nil ? 0 : 1)
        return hash.state
    }
}
