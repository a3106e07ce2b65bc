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
    public init(site: Site, rows: [IndexRow], reuse: ReuseIndex = .none) {
        let config = site.config
        // One scope after the other, each on every core: a parallel map inside a parallel map runs
        // serially in libdispatch, so the scopes themselves are not spread over the cores.
        let parts = config.search.scopes.map { Self.scope($0, site: site, rows: rows, reuse: reuse) }
        manifest = "{\"v\":1,\"scopes\":{" + parts.map(\.part).joined(separator: ",") + "},\"more\":"
            + JSONText.quoted(config.strings.moreResults) + ",\"count\":" + JSONText.quoted(config.strings.resultCount) + "}"
        files = parts.flatMap(\.files)
    }

    /// The shards of one bucket and the prefixes they answer.
    struct BucketShards {
        var leaves: [String] = []
        var splits: [String] = []
        var files: [OutputFile] = []
    }

    /// One scope's shards and its part of the manifest.
    static func scope(_ scope: SearchScope, site: Site, rows: [IndexRow], reuse: ReuseIndex) -> (part: String, files: [OutputFile]) {
        let config = site.config
        let keys = SearchKeys(site: site, scope: scope)
        // An entry's hash is taken from what it is made of; its JSON is made only for the buckets that
        // are planned: all of them when there is no previous build, few on a rebuild.
        let entryHashes = Slots<UInt64>.concurrentMap(rows.count) { Self.entryHash(position: $0, row: rows[$0], texts: keys.texts[$0]) }
        let planner = ShardPlanner(budget: config.search.shardBudget, previewSize: config.search.previewSize)
        let buckets = keys.buckets()
        let previous = PreviousBuckets(reuse: reuse, folder: "search/" + scope.id + "/")
        let allEntries: [String]? = previous.isEmpty
            ? Slots<String>.concurrentMap(rows.count) { Self.entry(position: $0, row: rows[$0], texts: keys.texts[$0]) } : nil
        let shards = Slots<BucketShards>.concurrentMap(buckets.count) { number in
            let bucket = buckets[number]
            let digest = Self.digest(of: bucket, scope: scope, planner: planner, entryHashes: entryHashes)
            if let reused = previous.reusable(bucket.first, digest: digest) { return reused }
            // Entries by the bucket's own record numbers.
            let entries = bucket.positions.map { allEntries?[$0] ?? Self.entry(position: $0, row: rows[$0], texts: keys.texts[$0]) }
            let plans = planner.plan(bucket, entrySize: entries.map(\.utf8.count))
            return Self.shards(plans, scope: scope, inputs: Self.bucketInputs(digest, files: plans.count * 2)) {
                entries[bucket.number(of: $0)]
            }
        }
        let part = JSONText.quoted(scope.id) + ":{\"l\":[" + shards.flatMap(\.leaves).map(JSONText.quoted).joined(separator: ",")
            + "],\"p\":[" + shards.flatMap(\.splits).map(JSONText.quoted).joined(separator: ",") + "]}"
        return (part, shards.flatMap(\.files))
    }

    /// The files of planned shards, each carrying `inputs`, and the prefixes they answer.
    static func shards(_ plans: [ShardPlan], scope: SearchScope, inputs: String, entry: (Int) -> String) -> BucketShards {
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
    static func digest(of bucket: SearchKeys.Bucket, scope: SearchScope, planner: ShardPlanner, entryHashes: [UInt64]) -> String {
        var hash = FNV1a()
        hash.add(contentsOf: ContextFingerprint.generatorVersion.utf8)
        hash.add(0xFF)
        hash.add(contentsOf: scope.id.utf8)
        hash.add(0xFF)
        hash.add(word: UInt64(planner.budget))
        hash.add(word: UInt64(planner.previewSize))
        hash.add(word: UInt64(bucket.first.value))
        hash.add(word: UInt64(bucket.suffixes.count))
        for position in bucket.positions {
            hash.add(word: UInt64(position))
            hash.add(word: entryHashes[position])
        }
        return hash.hex
    }

    /// What every file of a bucket carries as its inputs: the bucket's digest and how many files it has,
    /// so that a bucket is kept only when all its files are there.
    static func bucketInputs(_ digest: String, files: Int) -> String {
        var hash = FNV1a()
        hash.add(contentsOf: digest.utf8)
        hash.add(word: UInt64(files))
        return hash.hex
    }

    /// A hash of everything `entry` writes, without writing it.
    static func entryHash(position: Int, row: IndexRow, texts: [String]) -> UInt64 {
        var hash = FNV1a()
        hash.add(word: UInt64(position))
        for text in [row.title, row.subtitle ?? "", row.detail ?? "", row.path] + texts {
            hash.add(contentsOf: text.utf8)
            hash.add(0xFF)  // never in UTF-8: ends the text
        }
        return hash.state
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
