/// A 64-bit hash of many bytes, eight at a time: each word is mixed in by an xor, a multiply by an odd
/// constant and a rotation, each a bijection, so two inputs that differ in one word never collide; a
/// final avalanche spreads every bit. Several times faster than FNV-1a on whole files. Not for security.
public enum BulkHash {
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    public static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        var state = seed ^ (UInt64(buffer.count) &* 0x9E37_79B9_7F4A_7C15)
        func mix(_ word: UInt64) { state = mixed(state, word) }
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
        return finished(state)
    }

    static let seed: UInt64 = 0x243F_6A88_85A3_08D3

    /// `state` with one word mixed in: an xor, a multiply by an odd constant and a rotation.
    @inline(__always)
    static func mixed(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
        return state << 31 | state >> 33
    }

    /// SplitMix64's finalizer, which spreads every bit.
    static func finished(_ state: UInt64) -> UInt64 {
        var state = state
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
        private var state = BulkHash.seed
        private var count = 0
        /// The bytes of a word not yet whole, low byte first, and how many there are.
        private var carry: UInt64 = 0
        private var carried = 0

        public init() {}

        /// One byte into the word being put together, mixed in once it is whole.
        private mutating func add(byte: UInt8) {
            carry |= UInt64(byte) << UInt64(carried * 8)
            carried += 1
            if carried == 8 {
                state = BulkHash.mixed(state, carry)
                (carry, carried) = (0, 0)
            }
        }

        public mutating func add(_ buffer: UnsafeRawBufferPointer) {
            count += buffer.count
            var offset = 0
            while carried > 0, offset < buffer.count {
                add(byte: buffer[offset])
                offset += 1
            }
            while offset + 8 <= buffer.count {
                state = BulkHash.mixed(
                    state, UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            for byte in buffer[offset...] { add(byte: byte) }
        }

        public mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }

        /// The hash of every byte added.
        public func finish() -> UInt64 {
            var state = self.state
            if carried > 0 { state = BulkHash.mixed(state, carry) }
            return BulkHash.finished(BulkHash.mixed(state, UInt64(count) &* 0x9E37_79B9_7F4A_7C15))
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
