import WorldFactsModel
import WorldFactsSupport

/// The hash of a file's bytes (`BulkHash`): enough to tell whether a file changed. The manifest keeps
/// it as a number and writes it as 16 hex digits.
public enum ContentHash {
    public static func of(_ bytes: [UInt8]) -> UInt64 { BulkHash.of(bytes) }

    /// As the manifest writes it.
    public static func hex(_ bytes: [UInt8]) -> String { Hex.text(of(bytes)) }
}
