import WorldFactsSupport

/// One file of the site: a path relative to the output folder and its bytes. A rendered page also
/// carries the fingerprint of its inputs; a page that was not rendered again because its fingerprint
/// is unchanged is `reused`, and has no bytes.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var bytes: [UInt8]
    public var inputs: String?
    public var isReused: Bool

    public init(path: String, bytes: [UInt8], inputs: String? = nil) {
        self.path = path
        self.bytes = bytes
        self.inputs = inputs
        self.isReused = false
    }

    public init(path: String, text: String, inputs: String? = nil) {
        self.init(path: path, bytes: Array(text.utf8), inputs: inputs)
    }

    /// A page left as the previous build wrote it.
    public static func reused(path: String, inputs: String) -> OutputFile {
        var file = OutputFile(path: path, bytes: [], inputs: inputs)
        file.isReused = true
        return file
    }

    /// An input fingerprint as a number, as the manifest keeps it: its value when it is hex (as
    /// `ContextFingerprint`s are), else a stable hash of its text.
    public static func inputsNumber(_ text: String) -> UInt64 {
        if let value = Hex.value(text.utf8) { return value }
        var hash = StableHash()
        hash.add(contentsOf: text.utf8)
        return hash.value
    }
}
