import WorldFactsSupport

/// One file of the site: a path relative to the output folder and its bytes. A rendered page also
/// carries the fingerprint of its inputs; a page that was not rendered again because its fingerprint
/// is unchanged is `reused`, and has no bytes.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var bytes: [UInt8]
    /// The fingerprint of its inputs as the manifest keeps it (`inputsNumber`), or nil.
    public private(set) var inputsValue: UInt64?
    /// The fingerprint as it was given, when it was given as text.
    private var inputsText: String?
    public var isReused: Bool

    public init(path: String, bytes: [UInt8], inputs: String? = nil) {
        self.path = path
        self.bytes = bytes
        inputsText = inputs
        inputsValue = inputs.map(Self.inputsNumber)
        isReused = false
    }

    /// A page whose fingerprint is a number (a record page's): no text is made of it, nor read back.
    public init(path: String, bytes: [UInt8], inputsValue: UInt64) {
        self.path = path
        self.bytes = bytes
        self.inputsValue = inputsValue
        isReused = false
    }

    public init(path: String, text: String, inputs: String? = nil) {
        self.init(path: path, bytes: Array(text.utf8), inputs: inputs)
    }

    /// The fingerprint of its inputs as text: as it was given, or the hex digits of its number.
    public var inputs: String? { inputsText ?? inputsValue.map(Hex.text) }

    /// A page left as the previous build wrote it.
    public static func reused(path: String, inputs: String) -> OutputFile {
        var file = OutputFile(path: path, bytes: [], inputs: inputs)
        file.isReused = true
        return file
    }

    /// `reused(path:inputs:)` for a fingerprint that is a number.
    public static func reused(path: String, inputsValue: UInt64) -> OutputFile {
        var file = OutputFile(path: path, bytes: [], inputsValue: inputsValue)
        file.isReused = true
        return file
    }

    /// Files are alike when their paths, bytes, fingerprints (as numbers) and reuse are.
    public static func == (a: OutputFile, b: OutputFile) -> Bool {
        a.path == b.path && a.bytes == b.bytes && a.inputsValue == b.inputsValue && a.isReused == b.isReused
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(bytes)
        hasher.combine(inputsValue)
        hasher.combine(isReused)
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
