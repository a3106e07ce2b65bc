import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// Shard files of a scope, or of a part of one, and the prefixes they answer: leaves (every match of
/// the prefix) and splits (a preview and the exact total). Files are
/// `search/<scope>/<l|p>-<hex of the prefix's UTF-8>.<content tag>.js`, JSON in a script
/// (`SearchIndex.path(of:)`). The tag (`contentTag`) changes exactly when the shard's bytes do, so a host
/// may cache a shard for good; the manifest and the previews name each prefix's file (`ShardLinks`).
/// Shard JSON: `{"n": total, "r": [entry, …]}`, and in a preview of a scope with filters its counts by
/// value (`"fc"`, `ScopeFilters`) and the shards below it (`ShardLinks`); a leaf's `n` is the count of its
/// entries.
///
/// A planned shard's file is made only when it is written (`File.outputFile`): a large site's
/// index is never held whole.
struct ScopeShards {
    var leaves: [ShardName] = []
    var splits: [ShardName] = []
    var files: [File] = []

    /// A file the previous build left and this one keeps, or a planned shard, whose file is made from
    /// its plan and the entries of its records when it is written.
    enum File: Sendable {
        case kept(OutputFile)
        /// `links`: what a preview names below it (`ShardLinks.json`), empty in a leaf.
        case planned(ShardPlan, key: String, inputs: String, links: String)

        var isPlanned: Bool {
            if case .planned = self { return true }
            return false
        }

        /// The file: the kept one, or the planned shard's, each entry appended by `appendEntry`.
        func outputFile(appendEntry: (Int, inout [UInt8]) -> Void) -> OutputFile {
            switch self {
            case .kept(let file): return file
            case .planned(let plan, let key, let inputs, let links):
                var script = Array(SearchIndex.scriptStart(key).utf8)
                script += "{\"n\":\(plan.total),\"r\":[".utf8
                for (number, position) in plan.records.enumerated() {
                    if number > 0 { script.append(UInt8(ascii: ",")) }
                    appendEntry(position, &script)
                }
                script += "]".utf8
                if !plan.counts.isEmpty {
                    script += ",\"fc\":[".utf8
                    script +=
                        plan.counts.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(
                            separator: ","
                        ).utf8
                    script += "]".utf8
                }
                script += links.utf8
                script += "}".utf8
                script += SearchIndex.scriptEnd.utf8
                return OutputFile(path: SearchIndex.path(of: key), bytes: script, inputs: inputs)
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
        _ plans: [ShardPlan], scope: SearchScope, inputs number: UInt64, entryHashes: [UInt64],
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
                (name, .planned(plan, key: scope.id + "/" + name.file, inputs: inputs, links: json)))
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
    /// The file's bytes are the JSON and its key, which holds this tag; a preview's links name its
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
        // A preview's counts of its records by filter value, which its entries' hashes do not cover (they are
        // of every record below it, not of those it shows).
        for counts in plan.counts {
            hash.mix(UInt64(counts.count))
            for count in counts { hash.mix(UInt64(count)) }
        }
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
