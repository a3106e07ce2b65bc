/// The previous build's shard files of one scope, so that the shards of a bucket (or of a part of a
/// large one) whose digest is unchanged can be kept without planning them. Every file carries the
/// inputs of the unit it was planned in (`SearchIndex.unitInputs`), so a unit's files are found by
/// its inputs.
struct PreviousBuckets {
    struct File { var path: String; var inputs: UInt64; var kind: ShardPlan.Kind; var prefix: [Unicode.Scalar] }
    let reuse: ReuseIndex
    /// By their inputs: the files of one unit.
    let byInputs: [UInt64: [File]]
    /// By the first scalar of their prefix: the files of one bucket, whatever units it was planned in.
    let byFirst: [UInt32: [File]]
    var isEmpty: Bool { byFirst.isEmpty }

    init(reuse: ReuseIndex, files: [File]) {
        self.reuse = reuse
        byInputs = Dictionary(grouping: files, by: \.inputs)
        byFirst = Dictionary(grouping: files) { $0.prefix[0].value }
    }

    /// The previous shard files of every scope, by scope id, read in one pass over the last manifest.
    static func all(reuse: ReuseIndex, scopes: [String]) -> [String: PreviousBuckets] {
        let folder = "search/"
        var files: [String: [File]] = [:]
        for (path, inputs) in reuse.previousInputs(under: folder) {
            let rest = path.dropFirst(folder.count)
            guard let slash = rest.firstIndex(of: "/") else { continue }
            let name = rest[rest.index(after: slash)...]
            guard let dot = name.lastIndex(of: "."), name.count > 2, let kind = ShardPlan.Kind(rawValue: String(name.prefix(1))),
                  let prefix = Self.prefix(hex: name[name.index(name.startIndex, offsetBy: 2)..<dot]), !prefix.isEmpty
            else { continue }
            files[String(rest[..<slash]), default: []].append(File(path: path, inputs: inputs, kind: kind, prefix: prefix))
        }
        return Dictionary(uniqueKeysWithValues: scopes.map { ($0, PreviousBuckets(reuse: reuse, files: files[$0] ?? [])) })
    }

    static func prefix(hex: Substring) -> [Unicode.Scalar]? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in hex {
            guard let digit = character.hexDigitValue else { return nil }
            if let first = high { bytes.append(first << 4 | UInt8(digit)); high = nil } else { high = UInt8(digit) }
        }
        guard high == nil, let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return Array(text.unicodeScalars)
    }

    /// The shards of the unit planned with `inputs`, as the previous build left them, when every one
    /// of its files is still there; nil otherwise.
    func reusable(inputs: UInt64) -> SearchIndex.BucketShards? {
        guard let files = byInputs[inputs] else { return nil }
        return shards(files)
    }

    /// All the shards of the bucket that starts with `first`, when the previous build planned its
    /// node with `nodeInputs`. The node's digest covers every record of the bucket, so the whole
    /// bucket is as the previous build planned it, in whatever units.
    func bucket(_ first: Unicode.Scalar, nodeInputs: UInt64) -> SearchIndex.BucketShards? {
        guard let files = byFirst[first.value], files.contains(where: { $0.prefix.count == 1 && $0.inputs == nodeInputs }) else { return nil }
        return shards(files)
    }

    /// The files as kept shards, with the prefixes they answer; nil when one of them is gone.
    func shards(_ files: [File]) -> SearchIndex.BucketShards? {
        guard files.allSatisfy({ reuse.canReuse($0.path, inputs: $0.inputs) }) else { return nil }
        var shards = SearchIndex.BucketShards()
        // Prefix order is the order the planner visits them in: parents before children, by scalar.
        let byPrefix = files.filter { $0.path.hasSuffix(".json") }.sorted { SearchKeys.inScalarOrder($0.prefix, $1.prefix) }
        for file in byPrefix {
            let prefix = String(String.UnicodeScalarView(file.prefix))
            if file.kind == .leaf { shards.leaves.append(prefix) } else { shards.splits.append(prefix) }
        }
        shards.files = files.map { OutputFile.reused(path: $0.path, inputs: Hex.text($0.inputs)) }
        return shards
    }
}
