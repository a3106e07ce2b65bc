/// A 64-bit hash of many bytes, eight at a time: each word is mixed in by an xor, a multiply by an odd
/// constant, a rotation and another multiply, each a bijection, so two inputs that differ in one word never collide; a
/// final avalanche spreads every bit. Several times faster than FNV-1a on whole files. Not for security.
///
/// From `lanesFrom` bytes the words are dealt to four lanes in turn, mixed in side by side (the
/// multiplies of one word no longer wait for the last's), and the lanes mixed together at the end. From
/// `blockSize` bytes each block of that size is hashed so, and the blocks' hashes are mixed in turn:
/// the blocks of a large file are hashed on every core, with the same result as on one. Each step is
/// a bijection of the word or the lane or the block it takes, so one changed word still changes the hash.
///
/// SAFETY: the hash reads its bytes through a raw buffer valid for the call (an array's, a text's, or a
/// `FileBytes`'s), eight bytes at a time with unaligned loads that stay below the buffer's count (the
/// tail is copied into a zeroed stripe first); the blocks hashed on several cores only read.
public enum BulkHash {
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    /// The hash of `bytes[range]`, read where it is.
    public static func of(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
        // SAFETY: `range` is checked against the array, whose storage the call keeps alive and unchanged.
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range past the bytes")
        return bytes.withUnsafeBytes { of(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The hash of a text's UTF-8.
    public static func of(utf8 text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    public static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        guard buffer.count > blockSize else { return finished(lanes(buffer)) }
        let blocks = (buffer.count + blockSize - 1) / blockSize
        let bytes = ReadOnlyBytes(buffer: buffer)
        let hash = { @Sendable (block: Int) -> UInt64 in
            let start = block * blockSize
            return lanes(UnsafeRawBufferPointer(rebasing: bytes.buffer[start..<min(bytes.count, start + blockSize)]))
        }
        // Spread over the cores only when there are enough blocks to pay for it (a records file).
        let hashes = blocks >= parallelBlocks ? Parallel.map(blocks, hash) : (0..<blocks).map(hash)
        var state = seed ^ (UInt64(buffer.count) &* 0x9E37_79B9_7F4A_7C15)
        for block in hashes { state = mixed(state, block) }
        return finished(state)
    }

    /// Inputs this long are mixed in four lanes; shorter ones (keys, names) in one.
    static let lanesFrom = 64
    /// Inputs longer than this are hashed a block of this size at a time.
    static let blockSize = 1 << 20
    /// Blocks hashed on every core from this many on.
    static let parallelBlocks = 8

    /// The unfinished hash of `buffer`: one lane below `lanesFrom` bytes, else four, each word in turn
    /// to the next lane, and the lanes mixed into one; the count is mixed in first.
    @inline(__always)
    static func lanes(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        var state = seed ^ (UInt64(buffer.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        func word(_ at: Int) -> UInt64 {
            UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
        if buffer.count >= lanesFrom {
            var (a, b, c, d) = (state, state ^ laneSeeds.0, state ^ laneSeeds.1, state ^ laneSeeds.2)
            while offset + 32 <= buffer.count {
                a = mixed(a, word(offset))
                b = mixed(b, word(offset + 8))
                c = mixed(c, word(offset + 16))
                d = mixed(d, word(offset + 24))
                offset += 32
            }
            state = mixed(mixed(mixed(mixed(state, a), b), c), d)
        }
        while offset + 8 <= buffer.count {
            state = mixed(state, word(offset))
            offset += 8
        }
        if offset < buffer.count {
            var tail: UInt64 = 0
            for (shift, byte) in buffer[offset...].enumerated() { tail |= UInt64(byte) << UInt64(shift * 8) }
            state = mixed(state, tail)
        }
        return state
    }

    /// Bytes that the cores only read while the caller holds them.
    private struct ReadOnlyBytes: @unchecked Sendable {
        let buffer: UnsafeRawBufferPointer
        var count: Int { buffer.count }
    }

    /// What the three other lanes start from, xored with the first's start: so that the same words in
    /// two lanes do not cancel out.
    static let laneSeeds: (UInt64, UInt64, UInt64) = (
        0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
    )

    static let seed: UInt64 = 0x243F_6A88_85A3_08D3

    /// `state` with one word mixed in: an xor, a multiply by an odd constant, a rotation and another
    /// multiply, each a bijection. The second multiply spreads what the rotation brought down from the
    /// top bits: with one multiply, a flipped high bit of a word (a letter's case at a word's last byte)
    /// came out as one flipped bit, which a flipped bit of the next word could undo, so that two texts
    /// two bytes apart hashed the same (`HashTests`).
    @inlinable @inline(__always)
    static func mixed(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
        return (state << 31 | state >> 33) &* 0x94D0_49BB_1331_11EB
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
    /// snapshot), in four lanes as `lanes` mixes a long input: each stripe of 32 bytes gives a word to
    /// each lane. The count is mixed in last, since it is not known first, so its hashes are not `of`'s.
    /// The pieces may be of any length: a stripe split between two is put together. (In one lane, each
    /// word waits for the last one's multiplies.)
    public struct Stream: Sendable {
        private var lanes = (
            BulkHash.seed, BulkHash.seed ^ laneSeeds.0, BulkHash.seed ^ laneSeeds.1, BulkHash.seed ^ laneSeeds.2
        )
        private var count = 0
        /// The bytes of a stripe not yet whole, low byte first (the rest zero), and how many there are.
        private var stripe: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        private var striped = 0

        public init() {}

        /// `stripe`'s words, as they are read from memory (little-endian).
        private var stripeWords: (UInt64, UInt64, UInt64, UInt64) {
            (
                UInt64(littleEndian: stripe.0), UInt64(littleEndian: stripe.1), UInt64(littleEndian: stripe.2),
                UInt64(littleEndian: stripe.3)
            )
        }

        /// Copies `count` bytes of `buffer` from `offset` into the stripe, after the bytes it holds.
        private mutating func fillStripe(from buffer: UnsafeRawBufferPointer, at offset: Int, count: Int) {
            let start = striped
            withUnsafeMutableBytes(of: &stripe) { stripe in
                stripe.baseAddress!.advanced(by: start).copyMemory(
                    from: buffer.baseAddress!.advanced(by: offset), byteCount: count)
            }
            striped += count
        }

        public mutating func add(_ buffer: UnsafeRawBufferPointer) {
            guard buffer.count > 0 else { return }
            count += buffer.count
            var offset = 0
            if striped > 0 {
                offset = min(32 - striped, buffer.count)
                fillStripe(from: buffer, at: 0, count: offset)
                guard striped == 32 else { return }
                let words = stripeWords
                lanes = (
                    BulkHash.mixed(lanes.0, words.0), BulkHash.mixed(lanes.1, words.1),
                    BulkHash.mixed(lanes.2, words.2), BulkHash.mixed(lanes.3, words.3)
                )
                (stripe, striped) = ((0, 0, 0, 0), 0)
            }
            func word(_ at: Int) -> UInt64 {
                UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            }
            var (a, b, c, d) = lanes
            while offset + 32 <= buffer.count {
                a = BulkHash.mixed(a, word(offset))
                b = BulkHash.mixed(b, word(offset + 8))
                c = BulkHash.mixed(c, word(offset + 16))
                d = BulkHash.mixed(d, word(offset + 24))
                offset += 32
            }
            lanes = (a, b, c, d)
            if offset < buffer.count { fillStripe(from: buffer, at: offset, count: buffer.count - offset) }
        }

        public mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }

        /// The hash of every byte added: the lanes mixed into one, then the last stripe's words (the last
        /// one padded with zeros), then the count.
        public func finish() -> UInt64 {
            var state = BulkHash.mixed(
                BulkHash.mixed(BulkHash.mixed(BulkHash.mixed(BulkHash.seed, lanes.0), lanes.1), lanes.2), lanes.3)
            let words = stripeWords
            for (number, word) in [words.0, words.1, words.2, words.3].enumerated() where number * 8 < striped {
                state = BulkHash.mixed(state, word)
            }
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
