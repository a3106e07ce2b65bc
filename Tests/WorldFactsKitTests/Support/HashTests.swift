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
