/// The previous build's shard files of one scope, grouped by bucket (the first scalar of the prefix
/// their name spells), so a bucket whose digest is unchanged can be kept without planning it.
struct PreviousBuckets {
    struct File { var path: String; var inputs: String; var kind: ShardPlan.Kind; var prefix: String }
    let reuse: ReuseIndex
    let files: [UInt32: [File]]
    var isEmpty: Bool { files.isEmpty }

    init(reuse: ReuseIndex, folder: String) {
        self.reuse = reuse
        var files: [UInt32: [File]] = [:]
        for (path, inputs) in reuse.previousInputs(under: folder) {
            let name = path.dropFirst(folder.count)
            guard let dot = name.lastIndex(of: "."), name.count > 2, let kind = ShardPlan.Kind(rawValue: String(name.prefix(1))),
                  let prefix = Self.prefix(hex: name[name.index(name.startIndex, offsetBy: 2)..<dot]),
                  let first = prefix.unicodeScalars.first else { continue }
            files[first.value, default: []].append(File(path: path, inputs: inputs, kind: kind, prefix: prefix))
        }
        self.files = files
    }

    static func prefix(hex: Substring) -> String? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in hex {
            guard let digit = character.hexDigitValue else { return nil }
            if let first = high { bytes.append(first << 4 | UInt8(digit)); high = nil } else { high = UInt8(digit) }
        }
        guard high == nil else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The bucket's shards as the previous build left them, when that build planned it from the same
    /// digest and every one of its files is still there; nil otherwise.
    func reusable(_ first: Unicode.Scalar, digest: String) -> SearchIndex.BucketShards? {
        guard let group = files[first.value], let inputs = group.first?.inputs,
              inputs == SearchIndex.bucketInputs(digest, files: group.count),
              group.allSatisfy({ reuse.canReuse($0.path, inputs: inputs) }) else { return nil }
        var shards = SearchIndex.BucketShards()
        // Prefix order is the order the planner visits them in: parents before children, by scalar.
        let byPrefix = group.filter { $0.path.hasSuffix(".json") }
            .sorted { SearchKeys.inScalarOrder($0.prefix.unicodeScalars, $1.prefix.unicodeScalars) }
        for file in byPrefix {
            if file.kind == .leaf { shards.leaves.append(file.prefix) } else { shards.splits.append(file.prefix) }
        }
        shards.files = group.map { OutputFile.reused(path: $0.path, inputs: inputs) }
        return shards
    }
}
