/// A 64-bit hash of many bytes, eight at a time: each word is mixed in by an xor, a multiply by an odd
/// constant and a rotation, each a bijection, so two inputs that differ in one word never collide; a
/// final avalanche spreads every bit. Several times faster than FNV-1a on whole files. Not for security.
public enum BulkHash {
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    public static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        var state = 0x243F_6A88_85A3_08D3 ^ (UInt64(buffer.count) &* 0x9E37_79B9_7F4A_7C15)
        func mix(_ word: UInt64) {
            state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
            state = state << 31 | state >> 33
        }
        var offset = 0
        while offset + 8 <= buffer.count {
            mix(UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < buffer.count {
            var tail: UInt64 = 0
            for (shift, byte) in buffer[offset...].enumerated() { tail |= UInt64(byte) << UInt64(shift * 8) }
            mix(tail)
        }
        // SplitMix64's finalizer.
        state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
        return state ^ (state >> 31)
    }
}

extension BulkHash {
    /// The same mixing over bytes that come in pieces, for a file written as it is made (a build's
    /// snapshot): the count is mixed in last, since it is not known first, so its hashes are not
    /// `of`'s. The pieces may be of any length: a word split between two is put together.
    public struct Stream: Sendable {
        private var state: UInt64 = 0x243F_6A88_85A3_08D3
        private var count = 0
        /// The bytes of a word not yet whole, low byte first, and how many there are.
        private var carry: UInt64 = 0
        private var carried = 0

        public init() {}

        @inline(__always)
        private mutating func mix(_ word: UInt64) {
            state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
            state = state << 31 | state >> 33
        }

        public mutating func add(_ buffer: UnsafeRawBufferPointer) {
            count += buffer.count
            var offset = 0
            while carried > 0, offset < buffer.count {
                carry |= UInt64(buffer[offset]) << UInt64(carried * 8)
                carried += 1
                offset += 1
                if carried == 8 {
                    mix(carry)
                    (carry, carried) = (0, 0)
                }
            }
            while offset + 8 <= buffer.count {
                mix(UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            while offset < buffer.count {
                carry |= UInt64(buffer[offset]) << UInt64(carried * 8)
                carried += 1
                offset += 1
            }
        }

        public mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }

        /// The hash of every byte added.
        public func finish() -> UInt64 {
            var copy = self
            if copy.carried > 0 { copy.mix(copy.carry) }
            copy.mix(UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
            var state = copy.state
            state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
            return state ^ (state >> 31)
        }

        /// The hash of `buffer` as one piece.
        public static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
            var stream = Stream()
            stream.add(buffer)
            return stream.finish()
        }

        public static func of(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { of($0) } }
    }
}
