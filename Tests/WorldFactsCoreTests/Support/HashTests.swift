import Testing

@testable import WorldFactsModel
@testable import WorldFactsRender
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

@Suite struct HashTests {
    /// The published FNV-1a 64-bit test vectors (fingerprints and digests are FNV-1a).
    @Test func fnv1aMatchesThePublishedVectors() {
        for (text, expected) in [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")] {
            var hash = StableHash()
            hash.add(contentsOf: text.utf8)
            #expect(hash.hex == expected)
        }
    }

    /// Content hashes (BulkHash) tell apart every one-byte change, at every offset of a buffer and in
    /// its tail, every length, and buffers that only differ by trailing zeros.
    @Test func contentHashSeesEveryOneByteChange() {
        let base = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        var seen = Set([ContentHash.hex(base)])
        for offset in base.indices {
            for delta: UInt8 in [1, 0x80] {
                var changed = base
                changed[offset] &+= delta
                #expect(seen.insert(ContentHash.hex(changed)).inserted, "offset \(offset)")
            }
        }
        var lengths = Set<String>()
        for count in 0...64 { lengths.insert(ContentHash.hex([UInt8](repeating: 0, count: count))) }
        #expect(lengths.count == 65)
        #expect(ContentHash.hex(Array("abc".utf8)) == ContentHash.hex(Array("abc".utf8)))
        #expect(ContentHash.hex(Array("abc".utf8)).count == 16)
    }

    /// Long inputs are hashed in four lanes, and inputs of more than a block a block at a time, the
    /// blocks on every core: one changed byte still changes the hash, at a lane's every place, at the
    /// edges of blocks and in the tail; and the hash of many blocks is the blocks' hashes mixed in turn,
    /// as one core would mix them.
    @Test func longInputsAreHashedInLanesAndBlocks() {
        func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
            var state = seed
            return (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
        }
        // Lanes: every offset of a few hundred bytes, and every length around where lanes start.
        let short = bytes(301, seed: 1)
        var seen = Set([BulkHash.of(short)])
        for offset in short.indices {
            var changed = short
            changed[offset] ^= 0x01
            #expect(seen.insert(BulkHash.of(changed)).inserted, "offset \(offset)")
        }
        let lengths = Set((0...(BulkHash.lanesFrom * 2)).map { BulkHash.of([UInt8](repeating: 0, count: $0)) })
        #expect(lengths.count == BulkHash.lanesFrom * 2 + 1)
        // The same word in two lanes does not cancel out.
        #expect(BulkHash.of([UInt8](repeating: 7, count: 64)) != BulkHash.of([UInt8](repeating: 0, count: 64)))
        // Blocks, on every core (more than `parallelBlocks` of them).
        let block = BulkHash.blockSize
        let large = bytes(block * (BulkHash.parallelBlocks + 1) + 1_234, seed: 2)
        let whole = BulkHash.of(large)
        let serial = large.withUnsafeBytes { raw in
            var state = BulkHash.seed ^ (UInt64(raw.count) &* 0x9E37_79B9_7F4A_7C15)
            for start in stride(from: 0, to: raw.count, by: block) {
                state = BulkHash.mixed(
                    state, BulkHash.lanes(UnsafeRawBufferPointer(rebasing: raw[start..<min(raw.count, start + block)])))
            }
            return BulkHash.finished(state)
        }
        #expect(whole == serial)
        var large2 = Set([whole])
        for offset in [0, 8, 31, block - 1, block, block + 17, block * 4 + 5, large.count - 1_234, large.count - 1] {
            var changed = large
            changed[offset] ^= 0x80
            #expect(large2.insert(BulkHash.of(changed)).inserted, "offset \(offset)")
        }
        #expect(BulkHash.of(Array(large.dropLast())) != whole)
        #expect(BulkHash.of(Array(large.prefix(block + 1))) != BulkHash.of(Array(large.prefix(block))))
    }

    /// Two changed bytes never hash as the text they changed: a letter's case at the last byte of a
    /// word and a bit of the next word. With one multiply per word, the first came out of the mix as one
    /// flipped bit, which the second undid in about half of all texts, and a page or a records file
    /// changed so was taken as unchanged.
    @Test func twoChangedBytesNeverHashAsTheText() {
        var state: UInt64 = 42
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for length in [16, 40, 70] {
            for _ in 0..<40 {
                let base = (0..<length).map { _ in next() }
                let hashes = (BulkHash.of(base), BulkHash.Stream.of(base))
                for first in 0..<length {
                    for second in first + 1..<min(length, first + 12) {
                        for (a, b): (UInt8, UInt8) in [(0x20, 0x10), (0x80, 0x01), (0x20, 0x20), (0x80, 0x80)] {
                            var changed = base
                            changed[first] ^= a
                            changed[second] ^= b
                            #expect(BulkHash.of(changed) != hashes.0, "\(length): \(first), \(second)")
                            #expect(BulkHash.Stream.of(changed) != hashes.1, "\(length): \(first), \(second)")
                        }
                    }
                }
            }
        }
        var fingerprints = Set<UInt64>()
        for word in [UInt64(0), 1 << 61, 1 << 63, 1 << 28] {
            for next in [UInt64(0), 1 << 28, 1 << 30, 1 << 61] {
                var hash = StableHash()
                hash.mix(word)
                hash.mix(next)
                fingerprints.insert(hash.value)
            }
        }
        #expect(fingerprints.count == 16)
    }

    /// The streamed hash (a snapshot's, written in pieces) is the same however its bytes are cut, and
    /// still tells apart every one-byte change and every length.
    @Test func aStreamedHashIsTheSameInAnyPieces() {
        let base = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let whole = BulkHash.Stream.of(base)
        for cuts in [[1], [7, 8, 9], [3, 3, 3, 3, 100], [0, 16, 5], [202]] {
            var stream = BulkHash.Stream()
            var start = 0
            for cut in cuts + [base.count] where cut >= start {
                stream.add(Array(base[start..<min(cut + start, base.count)]))
                start = min(cut + start, base.count)
            }
            stream.add(Array(base[start...]))
            #expect(stream.finish() == whole, "cut at \(cuts)")
        }
        var seen = Set([whole])
        for offset in base.indices {
            var changed = base
            changed[offset] ^= 0x01
            #expect(seen.insert(BulkHash.Stream.of(changed)).inserted, "offset \(offset)")
        }
        let lengths = Set((0...64).map { BulkHash.Stream.of([UInt8](repeating: 0, count: $0)) })
        #expect(lengths.count == 65)
    }

    /// A writer that drains hands on, piece by piece, the bytes a writer that keeps them holds.
    @Test func aDrainingWriterHandsOnEveryByte() {
        final class Pieces: @unchecked Sendable { var all: [[UInt8]] = [] }
        let pieces = Pieces()
        func write(_ writer: inout BinaryWriter) {
            writer.string("head")
            writer.array(Array(0..<500)) { writer, number in
                writer.ints(Array(0..<(number % 7)))
                writer.string(String(repeating: "x", count: number % 13))
            }
            writer.uint64s((0..<300).map { UInt64($0) &* 0x9E37_79B9 })
            writer.data([1, 2, 3])
        }
        var kept = BinaryWriter()
        write(&kept)
        var drained = BinaryWriter(draining: { pieces.all.append($0) }, every: 256)
        write(&drained)
        #expect(pieces.all.count > 10 && pieces.all.allSatisfy { $0.count >= 256 })
        drained.flush()
        #expect(drained.bytes.isEmpty)
        #expect(pieces.all.joined().elementsEqual(kept.bytes))
    }

    @Test func fingerprintsTellShapesApart() {
        let a = ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": ["c"]])
        #expect(a == ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": ["c"]]))
        // Objects keep the order their keys were set in, and so does the fingerprint: a reordering
        // renders again, which is safe.
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["b": ["c"], "a": "1"]))
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": [["c": "c"]]]))
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": [.flag(true)]]))
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": "c"]))
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1b", "": ["c"]]))
        #expect(a != ContextFingerprint.of(templates: "u", template: "x", context: ["a": "1", "b": ["c"]]))
    }
}
