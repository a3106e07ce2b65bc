/// Hashes as 16 lowercase hex digits, and back.
enum Hex {
    static let digits = Array("0123456789abcdef".utf8)

    static func text(_ value: UInt64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) { bytes.append(digits[Int(value >> UInt64(shift) & 0xF)]) }
    }

    /// One to sixteen hex digits; nil for anything else.
    static func value<Digits: Collection<UInt8>>(_ text: Digits) -> UInt64? {
        guard !text.isEmpty, text.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in text {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }
}
