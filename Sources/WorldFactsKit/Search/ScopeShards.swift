import WorldFactsModel
import WorldFactsSupport

/// Shard files of a scope, or of a part of one, and the prefixes they answer: leaves (every match of
/// the prefix) and splits (a preview and the exact total). Files are
/// `search/<scope>/<l|p>-<hex of the prefix's UTF-8>.json`, each with a script twin (`.js`) for pages
/// opened from disk, where fetch() is not allowed: `__worldfacts("<scope>/<file>", <the same JSON>);`.
/// Shard JSON: `{"n": total, "r": [entry, …]}`; a leaf's `n` is the count of its entries.
struct ScopeShards {
    var leaves: [String] = []
    var splits: [String] = []
    var files: [OutputFile] = []

    mutating func append(_ other: ScopeShards) {
        leaves += other.leaves
        splits += other.splits
        files += other.files
    }

    /// The files of planned shards, each carrying `inputs` (see `ShardUnit`), and the prefixes they answer.
    static func planned(_ plans: [ShardPlan], scope: SearchScope, inputs number: UInt64, entry: (Int) -> String)
        -> ScopeShards
    {
        let inputs = Hex.text(number)
        var shards = ScopeShards()
        for plan in plans {
            if plan.kind == .leaf { shards.leaves.append(plan.prefix) } else { shards.splits.append(plan.prefix) }
            let json = "{\"n\":\(plan.total),\"r\":[" + plan.records.map(entry).joined(separator: ",") + "]}"
            let key = scope.id + "/" + fileName(kind: plan.kind, prefix: plan.prefix)
            shards.files.append(OutputFile(path: SearchIndex.folder + key + ".json", text: json, inputs: inputs))
            shards.files.append(
                OutputFile(
                    path: SearchIndex.folder + key + ".js",
                    text: "__worldfacts(\(JSONText.quoted(key))," + json + ");\n",
                    inputs: inputs))
        }
        return shards
    }

    /// `l-<hex>` or `p-<hex>`: the kind, then the prefix's UTF-8 bytes as hex.
    static func fileName(kind: ShardPlan.Kind, prefix: String) -> String {
        kind.rawValue + "-" + Hex.text(bytes: prefix.utf8)
    }

    /// The kind and prefix of a file name `fileName` made (without its extension); nil for any other name.
    static func parse(fileName name: Substring) -> (kind: ShardPlan.Kind, prefix: [Unicode.Scalar])? {
        guard name.count > 2, let kind = ShardPlan.Kind(rawValue: String(name.prefix(1))),
            name.dropFirst().first == "-", let bytes = Hex.bytes(name.dropFirst(2).utf8),
            let text = String(validating: bytes, as: UTF8.self), !text.isEmpty
        else { return nil }
        return (kind, Array(text.unicodeScalars))
    }
}
