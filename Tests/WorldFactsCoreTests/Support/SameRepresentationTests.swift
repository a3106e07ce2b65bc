import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// `sameRepresentation` is a fast path of `hasSameBytes`: it may say "not the same" of equal texts held
/// apart, but never "the same" of texts whose bytes differ.
@Suite struct SameRepresentationTests {
    @Test func theFastPathNeverCallsDifferentTextsTheSame() {
        var random = SplitMix(state: 2026_11_27)
        let words = ["", "a", "é", "e\u{301}", "short", "a text longer than fifteen bytes", "ß", "😀 emoji"]
        var texts: [String] = []
        for _ in 0..<300 {
            let text = (0..<Int(random.next() % 4)).map { _ in words[Int(random.next() % UInt64(words.count))] }
                .joined(separator: " ")
            texts.append(text)
            texts.append(String(decoding: Array(text.utf8), as: UTF8.self))  // the same bytes, held apart
        }
        var sameHeldApart = 0
        for one in texts {
            for other in texts.prefix(64) {
                let fast = withUnsafePointer(to: one) { a in withUnsafePointer(to: other) { sameRepresentation(a, $0) }
                }
                let bytes = one.utf8.elementsEqual(other.utf8)
                if fast { #expect(bytes, "\(one.debugDescription) and \(other.debugDescription)") }
                #expect(one.hasSameBytes(as: other) == bytes)
                if bytes && !fast { sameHeldApart += 1 }
            }
            let copy = one
            #expect(withUnsafePointer(to: one) { a in withUnsafePointer(to: copy) { sameRepresentation(a, $0) } })
        }
        #expect(sameHeldApart > 0, "equal texts in other storage are compared by their bytes")
        #expect("é".hasSameBytes(as: "e\u{301}") == false, "canonical equivalence is not the same bytes")
    }

    /// One storage is a copy not changed since: an equal array made apart, or a copy changed in one place
    /// (and so copied), is another.
    @Test func arraysAreOneStorageOnlyAsUnchangedCopies() {
        var random = SplitMix(state: 2026_12_06)
        for _ in 0..<200 {
            let array = (0..<Int(random.next() % 6)).map { _ in String(random.next() % 1000) }
            let copy = array
            #expect(array.isSameStorage(as: copy))
            var changed = copy
            if !changed.isEmpty {
                changed[Int(random.next() % UInt64(changed.count))] += "!"
                #expect(!array.isSameStorage(as: changed))
                #expect(!array.isSameStorage(as: array.map { $0 }), "equal, held apart")
            }
        }
    }
}
