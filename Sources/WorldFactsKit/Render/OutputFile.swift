/// One file of the site: a path relative to the output folder and its bytes.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
