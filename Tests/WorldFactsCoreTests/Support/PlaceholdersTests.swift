import Foundation
import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// `replacingEvery` against Foundation's `replacingOccurrences`, over seeded random texts of a small
/// alphabet in which placeholders and their pieces repeat and overlap (no combining marks, where the two
/// would differ: Foundation compares canonically, `replacingEvery` byte for byte).
@Suite struct PlaceholdersTests {
    static let pieces = ["{", "}", "{count}", "{cou", "nt}", "c", "é", "日本", "{{count}}", " "]
    static let placeholders = ["{count}", "{value}", "}", "{{", "é"]
    static let values = ["", "12,345", "{count}", "Zürich", "x"]

    @Test func replacesAsFoundationDoes() {
        var random = SplitMix(state: 2026_12_06)
        var replaced = 0
        for _ in 0..<5_000 {
            let text = (0..<Int(random.next() % 8)).map { _ in Self.pieces[Int(random.next() % 10)] }.joined()
            let placeholder = Self.placeholders[Int(random.next() % 5)]
            let value = Self.values[Int(random.next() % 5)]
            let expected = text.replacingOccurrences(of: placeholder, with: value)
            #expect(text.replacingEvery(placeholder, with: value) == expected)
            if expected != text { replaced += 1 }
        }
        #expect(replaced > 1_000)
    }

    /// Found by its bytes: a placeholder followed by a combining mark is replaced, and a text without one
    /// keeps its bytes.
    @Test func bytesDecide() {
        #expect("{count}\u{301} records".replacingEvery("{count}", with: "3") == "3\u{301} records")
        let decomposed = "e\u{301}"
        #expect(decomposed.replacingEvery("é", with: "x").utf8.elementsEqual(decomposed.utf8))
        #expect("{count}".replacingEvery("", with: "x") == "{count}")
    }
}
