import Testing

@testable import WorldFactsModel
@testable import WorldFactsRender
@testable import WorldFactsSupport
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
