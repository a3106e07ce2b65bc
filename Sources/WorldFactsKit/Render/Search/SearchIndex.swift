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

    public init(site: Site, rows: [IndexRow]) {
        let config = site.config
        // The scopes are independent: one per core.
        let parts = Slots<(part: String, files: [OutputFile])>.concurrentMap(config.search.scopes.count) {
            Self.scope(config.search.scopes[$0], site: site, rows: rows)
        }
        manifest = "{\"v\":1,\"scopes\":{" + parts.map(\.part).joined(separator: ",") + "},\"more\":"
            + JSONText.quoted(config.strings.moreResults) + ",\"count\":" + JSONText.quoted(config.strings.resultCount) + "}"
        files = parts.flatMap(\.files)
    }

    /// One scope's shards and its part of the manifest.
    static func scope(_ scope: SearchScope, site: Site, rows: [IndexRow]) -> (part: String, files: [OutputFile]) {
        let config = site.config
        var files: [OutputFile] = []
        let keys = SearchKeys(site: site, scope: scope)
        let entries = Slots<String>.concurrentMap(rows.count) {
            Self.entry(position: $0, row: rows[$0], texts: keys.texts[$0])
        }
        let plans = ShardPlanner(budget: config.search.shardBudget, previewSize: config.search.previewSize)
            .plan(keys: keys, entrySize: entries.map(\.utf8.count))
        var leaves: [String] = [], splits: [String] = []
        for plan in plans {
            if plan.kind == .leaf { leaves.append(plan.prefix) } else { splits.append(plan.prefix) }
            let json = "{\"n\":\(plan.total),\"r\":[" + plan.records.map { entries[$0] }.joined(separator: ",") + "]}"
            let key = scope.id + "/" + Self.fileName(kind: plan.kind, prefix: plan.prefix)
            files.append(OutputFile(path: "search/" + key + ".json", text: json))
            files.append(OutputFile(path: "search/" + key + ".js", text: "__worldfacts(\(JSONText.quoted(key))," + json + ");\n"))
        }
        let part = JSONText.quoted(scope.id) + ":{\"l\":[" + leaves.map(JSONText.quoted).joined(separator: ",")
            + "],\"p\":[" + splits.map(JSONText.quoted).joined(separator: ",") + "]}"
        return (part, files)
    }

    static func entry(position: Int, row: IndexRow, texts: [String]) -> String {
        "[\(position)," + JSONText.quoted(row.title) + "," + JSONText.quoted(row.subtitle ?? "") + ","
            + JSONText.quoted(row.detail ?? "") + "," + JSONText.quoted(row.path) + ",["
            + texts.map(JSONText.quoted).joined(separator: ",") + "]]"
    }
}
