import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The previous build's shard files of one scope, so that the shards of a bucket (or of a part of a
/// large one) whose digest is unchanged can be kept without planning them. Every file carries the
/// inputs of the unit it was planned in (`ShardUnit`), so a unit's files are found by its inputs.
struct PriorShards: Sendable {
    struct File {
        var path: String
        var inputs: UInt64
        var kind: ShardPlan.Kind
        var prefix: [Unicode.Scalar]
        /// The name the manifest gives it: without its folder and extension.
        var name: String
    }
    let previous: any PriorOutput
    /// By their inputs: the files of one unit.
    let byInputs: [UInt64: [File]]
    /// By the first scalar of their prefix: the files of one bucket, whatever units it was planned in.
    let byFirst: [UInt32: [File]]
    var isEmpty: Bool { byFirst.isEmpty }

    init(previous: any PriorOutput, files: [File]) {
        self.previous = previous
        byInputs = Dictionary(grouping: files, by: \.inputs)
        byFirst = Dictionary(grouping: files) { $0.prefix[0].value }
    }

    /// The previous shard files of every scope, by scope id, read in one pass over the last manifest.
    static func all(previous: any PriorOutput, scopes: [String]) -> [String: PriorShards] {
        var files: [String: [File]] = [:]
        for (path, inputs) in previous.previousInputs(under: SearchIndex.folder) {
            guard let (scope, file) = file(path: path, inputs: inputs) else { continue }
            files[scope, default: []].append(file)
        }
        return Dictionary(
            uniqueKeysWithValues: scopes.map { ($0, PriorShards(previous: previous, files: files[$0] ?? [])) })
    }

    /// The scope and file of a shard's path (`search/<scope>/<kind>-<hex>.<tag>.<extension>`); nil for any
    /// other path.
    static func file(path: String, inputs: UInt64) -> (scope: String, file: File)? {
        let rest = path.dropFirst(SearchIndex.folder.count)
        guard path.hasPrefix(SearchIndex.folder), let slash = rest.firstIndex(of: "/") else { return nil }
        let name = rest[rest.index(after: slash)...]
        guard let dot = name.lastIndex(of: "."), let (kind, prefix) = ScopeShards.parse(fileName: name[..<dot]) else {
            return nil
        }
        return (
            String(rest[..<slash]),
            File(path: path, inputs: inputs, kind: kind, prefix: prefix, name: String(name[..<dot]))
        )
    }

    /// The shards of the unit planned with `inputs`, as the previous build left them, when every one
    /// of its files is still there; nil otherwise.
    func reusable(inputs: UInt64) -> ScopeShards? {
        guard let files = byInputs[inputs] else { return nil }
        return shards(files)
    }

    /// All the shards of the bucket that starts with `first`, when the previous build planned its
    /// node with `nodeInputs`. The node's digest covers every record of the bucket, so the whole
    /// bucket is as the previous build planned it, in whatever units.
    func bucket(_ first: Unicode.Scalar, nodeInputs: UInt64) -> ScopeShards? {
        guard let files = byFirst[first.value],
            files.contains(where: { $0.prefix.count == 1 && $0.inputs == nodeInputs })
        else { return nil }
        return shards(files)
    }

    /// The shards of every unit planned at `prefix` or below it (every file whose prefix starts with it);
    /// nil when there is none, or one of them is gone.
    func under(_ prefix: [Unicode.Scalar]) -> ScopeShards? {
        guard let files = byFirst[prefix[0].value]?.filter({ $0.prefix.starts(with: prefix) }), !files.isEmpty else {
            return nil
        }
        return shards(files)
    }

    /// The files as kept shards, with the prefixes they answer; nil when one of them is gone.
    func shards(_ files: [File]) -> ScopeShards? {
        guard files.allSatisfy({ previous.canReuse($0.path, inputs: $0.inputs) }) else { return nil }
        var shards = ScopeShards()
        // Prefix order is the order the planner visits them in: parents before children, by scalar.
        let byPrefix = files.sorted {
            SearchKeys.inScalarOrder($0.prefix, $1.prefix)
        }
        for file in byPrefix {
            let name = ShardName(prefix: String(String.UnicodeScalarView(file.prefix)), file: file.name)
            if file.kind == .leaf { shards.leaves.append(name) } else { shards.splits.append(name) }
        }
        shards.files = files.map { .kept(OutputFile.reused(path: $0.path, inputsValue: $0.inputs)) }
        return shards
    }
}

extension PriorShards {
    /// No shard files: a scope's first build, or one into a folder the index never wrote.
    static let none = PriorShards(previous: NoPriorOutput(), files: [])
}
