/// The list of files a build wrote, with their content hashes, kept in the output folder. It is how a
/// build knows what is unchanged, and which files are its own to remove.
public struct Manifest: Sendable, Equatable {
    public static let fileName = ".worldfacts-manifest.json"
    public var files: [String: String]
    /// Fingerprint of the inputs each page was rendered from (see `ContextFingerprint`).
    public var inputs: [String: String]

    public init(files: [String: String] = [:], inputs: [String: String] = [:]) {
        self.files = files
        self.inputs = inputs
    }

    public func encoded() -> [UInt8] {
        func object(_ entries: [String: String]) -> String {
            var text = "{"
            for (offset, path) in entries.keys.sorted().enumerated() {
                text += (offset == 0 ? "\n" : ",\n") + "    " + JSONText.quoted(path) + ": " + JSONText.quoted(entries[path]!)
            }
            return text + (entries.isEmpty ? "}" : "\n  }")
        }
        let text = "{\n  \"generator\": \"worldfacts\",\n  \"version\": 1,\n  \"files\": " + object(files)
            + ",\n  \"inputs\": " + object(inputs) + "\n}\n"
        return Array(text.utf8)
    }

    /// Reads a manifest; nil when the bytes are not one of ours.
    public static func decode(_ bytes: [UInt8]) -> Manifest? {
        var parser = JSONParser(bytes: bytes)
        guard let root = try? parser.parseDocument(), case .object(let members) = root.value,
              members.contains(where: { $0.key == "generator" }),
              let files = members.first(where: { $0.key == "files" }), case .object(let entries) = files.node.value
        else { return nil }
        var result: [String: String] = [:]
        for entry in entries {
            guard case .string(let hash) = entry.node.value, OutputPath.isSafe(entry.key) else { return nil }
            result[entry.key] = hash
        }
        var inputs: [String: String] = [:]
        if let member = members.first(where: { $0.key == "inputs" }), case .object(let entries) = member.node.value {
            for entry in entries {
                if case .string(let hash) = entry.node.value, result[entry.key] != nil { inputs[entry.key] = hash }
            }
        }
        return Manifest(files: result, inputs: inputs)
    }
}

/// Paths inside the output folder: relative, no "..", no empty or hidden parts.
enum OutputPath {
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && !part.hasPrefix(".")
        }
    }
}
