import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// Shard files of a scope, or of a part of one, and the prefixes they answer: leaves (every match of
/// the prefix) and splits (a preview and the exact total). Files are
/// `search/<scope>/<l|p>-<hex of the prefix's UTF-8>.<content tag>.json`, each with a script twin (`.js`)
/// for pages opened from disk, where fetch() is not allowed: `__worldfacts("<scope>/<file>", <the same
/// JSON>);`. The tag (`contentTag`) changes exactly when the shard's bytes do, so a host may cache a shard
/// for good; the manifest names each prefix's file.
/// Shard JSON: `{"n": total, "r": [entry, …]}`, and in a preview the shards below it (`ShardLinks`); a
/// leaf's `n` is the count of its entries.
///
/// A planned shard's files are made only when they are written (`File.outputFiles`): a large site's
/// index is never held whole.
struct ScopeShards {
    var leaves: [ShardName] = []
    var splits: [ShardName] = []
    var files: [File] = []

    /// A file the previous build left and this one keeps, or a planned shard, whose two files are made
    /// from its plan and the entries of its records when it is written.
    enum File: Sendable {
        case kept(OutputFile)
        /// `twins`: with its script twin (`search.script_twins`). `links`: what a preview names below it
        /// (`ShardLinks.json`), empty in a leaf.
        case planned(ShardPlan, key: String, inputs: String, twins: Bool, links: String)

        /// How many files it is: a kept file, or a planned shard with or without its twin.
        var fileCount: Int {
            if case .planned(_, _, _, let twins, _) = self { return twins ? 2 : 1 }
            return 1
        }

        var isPlanned: Bool {
            if case .planned = self { return true }
            return false
        }

        /// The files: the kept one, or the planned shard's JSON and its script twin, each entry
        /// appended by `appendEntry`.
        func outputFiles(appendEntry: (Int, inout [UInt8]) -> Void) -> [OutputFile] {
            switch self {
            case .kept(let file): return [file]
            case .planned(let plan, let key, let inputs, let twins, let links):
                let opening = "__worldfacts(\(JSONText.quoted(key)),"
                var script = Array(opening.utf8)
                script += "{\"n\":\(plan.total),\"r\":[".utf8
                for (number, position) in plan.records.enumerated() {
                    if number > 0 { script.append(UInt8(ascii: ",")) }
                    appendEntry(position, &script)
                }
                script += "]".utf8
                script += links.utf8
                script += "}".utf8
                let json = Array(script[opening.utf8.count...])
                script += ");\n".utf8
                let file = OutputFile(path: SearchIndex.folder + key + ".json", bytes: json, inputs: inputs)
                guard twins else { return [file] }
                return [file, OutputFile(path: SearchIndex.folder + key + ".js", bytes: script, inputs: inputs)]
            }
        }
    }

    mutating func append(_ other: ScopeShards) {
        leaves += other.leaves
        splits += other.splits
        files += other.files
    }

    /// Planned shards, each carrying `inputs` (see `ShardUnit`), and the prefixes they answer.
    /// `entryHashes` are by record position (`ShardEntry.hash`): they name the shards' contents. A preview
    /// names the shards below it (`links`): those of `plans`, and those of `below` (the parts of a node
    /// planned alone), so its children are named before it is, the last plan first.
    static func planned(
        _ plans: [ShardPlan], scope: SearchScope, inputs number: UInt64, twins: Bool, entryHashes: [UInt64],
        links: ShardLinks, below: [ShardName] = []
    ) -> ScopeShards {
        let inputs = Hex.text(number)
        var children = ShardLinks.byParent(below)
        var made: [(name: ShardName, file: File)] = []
        for plan in plans.reversed() {
            let json =
                plan.kind == .preview ? links.json(prefix: plan.prefix, children: children[plan.prefix] ?? []) : ""
            let name = ShardName(
                prefix: plan.prefix,
                file: fileName(
                    kind: plan.kind, prefix: plan.prefix,
                    tag: contentTag(of: plan, scope: scope, entryHashes: entryHashes, links: json)))
            children[ShardLinks.parent(of: plan.prefix), default: []].append(name)
            made.append(
                (name, .planned(plan, key: scope.id + "/" + name.file, inputs: inputs, twins: twins, links: json)))
        }
        var shards = ScopeShards()
        for (plan, (name, file)) in zip(plans, made.reversed()) {
            if plan.kind == .leaf { shards.leaves.append(name) } else { shards.splits.append(name) }
            shards.files.append(file)
        }
        return shards
    }

    /// The names one scalar below `prefix`, of these shards.
    func children(of prefix: String) -> [ShardName] {
        let depth = prefix.unicodeScalars.count + 1
        return (leaves + splits).filter {
            $0.prefix.unicodeScalars.count == depth && $0.prefix.unicodeScalars.starts(with: prefix.unicodeScalars)
        }
    }

    /// The tag of a planned shard's name: a hash of everything its bytes are made of, known before they are
    /// made (the manifest names every shard, and is made with the plan). A shard's JSON is its total and
    /// its records' entries in order, and an entry's hash covers its position, its row's inputs, its
    /// folded texts and its label (`ShardEntry.hash`), as the shard reuse of a rebuild already relies on.
    /// The script twin's bytes are the JSON and its key, which holds this tag; a preview's links name its
    /// children by their tags.
    static func contentTag(of plan: ShardPlan, scope: SearchScope, entryHashes: [UInt64], links: String) -> String {
        var hash = StableHash()
        hash.add(contentsOf: GeneratorVersion.current.utf8)
        hash.add(0xFF)
        hash.add(contentsOf: scope.id.utf8)
        hash.add(0xFF)
        hash.add(contentsOf: plan.kind.rawValue.utf8)
        hash.add(contentsOf: plan.prefix.utf8)
        hash.add(0xFF)
        hash.mix(UInt64(plan.total))
        hash.mix(UInt64(plan.records.count))
        for position in plan.records {
            hash.mix(UInt64(position))
            hash.mix(entryHashes[position])
        }
        hash.add(contentsOf: links.utf8)
        return HashedName.tag(hash.value)
    }

    /// `l-<hex>.<tag>` or `p-<hex>.<tag>`: the kind, the prefix's UTF-8 bytes as hex, and the content tag.
    static func fileName(kind: ShardPlan.Kind, prefix: String, tag: String) -> String {
        kind.rawValue + "-" + Hex.text(bytes: prefix.utf8) + "." + tag
    }

    /// The kind and prefix of a file name `fileName` made (without its extension); nil for any other name.
    static func parse(fileName name: Substring) -> (kind: ShardPlan.Kind, prefix: [Unicode.Scalar])? {
        guard let dot = name.firstIndex(of: "."), name.distance(from: dot, to: name.endIndex) == 1 + HashedName.digits
        else { return nil }
        let name = name[..<dot]
        guard name.count > 2, let kind = ShardPlan.Kind(rawValue: String(name.prefix(1))),
            name.dropFirst().first == "-", let bytes = Hex.bytes(name.dropFirst(2).utf8),
            let text = String(validating: bytes, as: UTF8.self), !text.isEmpty
        else { return nil }
        return (kind, Array(text.unicodeScalars))
    }
}

/// A prefix the manifest lists, and the name of the shard file that answers it, without its extension
/// (`l-7377.3fa9c2d1e0`).
struct ShardName: Sendable, Equatable {
    var prefix: String
    var file: String
}
