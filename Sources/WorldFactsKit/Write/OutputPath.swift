/// Paths inside the output folder: relative, no "..", no empty or hidden parts.
enum OutputPath {
    /// One pass over the bytes: every part starts with neither "/" (an empty part) nor "." (".",
    /// ".." and hidden names), and the path does not end with "/".
    static func isSafe(_ path: String) -> Bool { isSafe(bytes: path.utf8) }

    /// `isSafe` of a path's UTF-8.
    static func isSafe(bytes: some Sequence<UInt8>) -> Bool {
        var atPartStart = true
        for byte in bytes {
            if atPartStart, byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { return false }
            atPartStart = byte == UInt8(ascii: "/")
        }
        return !atPartStart  // empty, or ending with "/"
    }
}
