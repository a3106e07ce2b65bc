/// A 64-bit hash that is the same in every run (Swift's `Hasher` is seeded per process), behind content
/// hashes, page fingerprints and digests. Bytes go in by FNV-1a steps; a whole number goes in by
/// `mix(_:)`, one step instead of eight (`BulkHash.mixed`: an xor, a multiply by an odd constant, a
/// rotation and another multiply, each a bijection). Fast, and plenty to tell whether inputs
/// changed; not for security.
///
/// SAFETY: bytes given as a collection are read through its contiguous storage when it has one, during
/// the call that lends it.
public struct StableHash: Sendable {
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of everything added so far.
    @inlinable public var value: UInt64 { state }

    @inlinable public init() {}

    /// One FNV-1a step.
    @inlinable
    public mutating func add(_ byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01B3
    }

    /// FNV-1a over the bytes.
    @inlinable
    public mutating func add<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        if bytes.withContiguousStorageIfAvailable({ buffer -> Void in for byte in buffer { add(byte) } }) != nil {
            return
        }
        for byte in bytes { add(byte) }
    }

    /// A number, mixed in whole: for the digests that add a few numbers for each of hundreds of
    /// thousands of records.
    @inlinable
    public mutating func mix(_ word: UInt64) {
        state = BulkHash.mixed(state, word)
    }

    /// 16 lowercase hex digits.
    public var hex: String { Hex.text(state) }
}
