/// 64-bit FNV-1a: the one hash behind content hashes and page fingerprints. Fast, and plenty to tell
/// whether bytes changed; not for security.
public struct FNV1a: Sendable {
    private(set) var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01B3
    }

    public mutating func add<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        if bytes.withContiguousStorageIfAvailable({ buffer -> Void in for byte in buffer { add(byte) } }) != nil { return }
        for byte in bytes { add(byte) }
    }

    /// A number, mixed in whole as `BulkHash` mixes a word (an xor, a multiply by an odd constant and a
    /// rotation, each a bijection): one step instead of eight, for the digests that add a few words
    /// for each of hundreds of thousands of records.
    public mutating func add(word: UInt64) {
        state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
        state = state << 31 | state >> 33
    }

    /// 16 lowercase hex digits.
    public var hex: String { Hex.text(state) }
}
