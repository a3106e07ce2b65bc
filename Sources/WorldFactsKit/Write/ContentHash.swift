/// The digest of a file's bytes, as 16 hex digits (`BulkHash`): enough to tell whether a file changed.
public enum ContentHash {
    public static func of(_ bytes: [UInt8]) -> String {
        BulkHash.hex(BulkHash.of(bytes))
    }
}
