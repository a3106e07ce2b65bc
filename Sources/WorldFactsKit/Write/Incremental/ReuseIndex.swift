import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The previous build's fingerprints, from its manifest: what the stages that make files may keep
/// (`PriorOutput`), so that a page or shard whose inputs are unchanged is neither made nor written.
public struct ReuseIndex: PriorOutput {
    let previous: Manifest
    /// The previous build's files that were not on disk when this build started.
    let missing: Set<String>
    /// Whether the folder held every file of `previous` as its build left them (`PriorManifest.keepsEveryFile`).
    public let keepsEveryFile: Bool
    /// Reads a file of the output folder by its path there (`priorBytes`); nil where none is read back.
    let read: (@Sendable (String) -> [UInt8]?)?

    init(
        previous: Manifest, missing: Set<String>, keepsEveryFile: Bool = false,
        read: (@Sendable (String) -> [UInt8]?)? = nil
    ) {
        self.previous = previous
        self.missing = missing
        self.keepsEveryFile = keepsEveryFile
        self.read = read
    }

    /// The previous build's files under `folder` (a path prefix ending in "/") and their inputs.
    public func previousInputs(under folder: String) -> [(path: String, inputs: UInt64)] {
        previous.entries.compactMap { path, entry in
            guard let inputs = entry.inputs, path.hasPrefix(folder) else { return nil }
            return (path, inputs)
        }
    }

    public func priorBytes(_ path: String) -> [UInt8]? {
        guard let read, let hash = previous.entries[path]?.hash, !missing.contains(path), let bytes = read(path),
            ContentHash.of(bytes) == hash
        else { return nil }
        return bytes
    }

    public func canReuse(_ path: String, inputs: UInt64) -> Bool {
        guard let entry = previous.entries[path], entry.hash != nil, entry.inputs == inputs else { return false }
        return !missing.contains(path)
    }
}
