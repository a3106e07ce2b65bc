/// The digest of a file's bytes, as 16 hex digits (FNV-1a): enough to tell whether a file changed.
public enum ContentHash {
    public static func of(_ bytes: [UInt8]) -> String {
        var hash = FNV1a()
        hash.add(contentsOf: bytes)
        return hash.hex
    }
}
