/// The one hex codec: numbers as 16 lowercase digits (hashes in the manifest), bytes as two lowercase
/// digits each (shard file names), and back.
public enum Hex {
    @usableFromInline static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// 16 lowercase hex digits.
    public static func text(_ value: UInt64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the 16 lowercase hex digits of `value`.
    @inlinable
    public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) { bytes.append(digits[Int(value >> UInt64(shift) & 0xF)]) }
    }

    /// Two lowercase hex digits per byte: "ab" → "6162".
    public static func text<Bytes: Sequence<UInt8>>(bytes: Bytes) -> String {
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of `text(bytes:)`; nil for an odd count or anything that is not a hex digit.
    public static func bytes<Digits: Sequence<UInt8>>(_ text: Digits) -> [UInt8]? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in text {
            guard let digit = value(of: character) else { return nil }
            if let first = high {
                bytes.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        return high == nil ? bytes : nil
    }

    /// One to sixteen hex digits (either case) as a number; nil for anything else.
    @inlinable
    public static func value<Digits: Collection<UInt8>>(_ text: Digits) -> UInt64? {
        guard !text.isEmpty, text.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in text {
            guard let digit = Self.value(of: byte) else { return nil }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// The value of one hex digit, in either case.
    @inlinable
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x61...0x66: return byte - 0x61 + 10
        case 0x41...0x46: return byte - 0x41 + 10
        default: return nil
        }
    }
}
