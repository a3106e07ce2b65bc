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

    /// The eight bytes of a number, low byte first.
    public mutating func add(word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }

    /// 16 lowercase hex digits.
    public var hex: String { Hex.text(state) }
}
