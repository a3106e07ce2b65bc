import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct FoldingTests {
    @Test func agreesWithEverySharedVector() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: repoPath("Tests/Fixtures/fold-vectors.json")))
        let vectors = try #require(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["vectors"] as? [[String: String]])
        #expect(vectors.count >= 100)
        for vector in vectors {
            #expect(
                Folding.fold(vector["in"]!) == vector["out"]!,
                "\(vector["in"]!.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// The Latin table gives what the full folding gives, on texts that mix any of its code points.
    @Test func latinTableFoldsAsTheFullFolding() {
        var random = SplitMix(state: 5)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(1 + random.next() % 12) {
                text.append(Unicode.Scalar(UInt32(0x20 + random.next() % (0x250 - 0x20)))!)
            }
            let input = String(text)
            #expect(
                Folding.foldLatin(input) == Folding.foldFully(input),
                "\(input.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(Folding.foldLatin("Åland Ǆemal ß") == "aland dzemal ss")
        #expect(Folding.foldLatin("Ωmega") == nil, "beyond the table")
    }

    /// ASCII text folds by lowering capitals, as the full folding does; anything else is not ASCII's.
    @Test func asciiFoldsAsTheFullFolding() {
        var random = SplitMix(state: 7)
        for _ in 0..<5_000 {
            let input = String(
                String.UnicodeScalarView(
                    (0..<Int(1 + random.next() % 16)).map { _ in Unicode.Scalar(UInt8(random.next() % 0x80)) }))
            #expect(Folding.foldASCII(input) == Folding.foldFully(input), "\(Array(input.utf8))")
        }
        #expect(Folding.foldASCII("San JOSE") == "san jose")
        #expect(Folding.foldASCII("São") == nil)
    }

    /// Word scalars by table below U+0250 and by category above: the same answer either way.
    @Test func latinWordTableAgreesWithTheCategories() {
        for value in UInt32(0)..<0x300 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(Folding.isWordScalar(scalar) == Folding.isWordByCategory(scalar), "U+\(String(value, radix: 16))")
        }
        #expect(
            Folding.isWordScalar("é") && Folding.isWordScalar("7") && !Folding.isWordScalar("'")
                && !Folding.isWordScalar("\u{A0}"))
    }

    /// What makes a word, against a third implementation (Python's unicodedata, Tests/Fixtures/word-chars.json),
    /// which the JS tests check search.js against too: where a word starts decides the shards a text is
    /// routed to and where search.js looks for a match, so the two must agree on every code point both know.
    @Test func wordScalarsAgreeWithTheSharedTable() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: repoPath("Tests/Fixtures/word-chars.json")))
        let table = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var checked = 0
        var disagree: [String] = []
        for (key, isWord) in [("word", true), ("other", false)] {
            let ranges = try #require(table[key] as? [[Int]])
            for range in ranges {
                for value in range[0]...range[1] {
                    guard let scalar = Unicode.Scalar(UInt32(value)),
                        scalar.properties.generalCategory != .unassigned
                    else { continue }
                    checked += 1
                    if Folding.isWordScalar(scalar) != isWord { disagree.append("U+" + String(value, radix: 16)) }
                }
            }
        }
        #expect(checked > 140_000)
        #expect(disagree.isEmpty, "\(disagree.count): \(disagree.prefix(20))")
    }

    /// Trimming takes the ASCII shortcut only when there is nothing to trim.
    @Test func trimmingWhitespace() {
        #expect("Oslo".trimmingWhitespace() == "Oslo")
        #expect(" Oslo\u{A0}".trimmingWhitespace() == "Oslo")
        #expect("\u{2003}Åland\t".trimmingWhitespace() == "Åland")
        #expect("a b".trimmingWhitespace() == "a b")
        #expect(" \u{3000} ".trimmingWhitespace() == "")
    }

    @Test func laterWordStarts() {
        #expect(Folding.laterWordStarts("cote d'ivoire") == ["d'ivoire", "ivoire"])
        #expect(
            Folding.laterWordStarts("bonaire, sint eustatius and saba") == [
                "sint eustatius and saba", "eustatius and saba", "and saba", "saba",
            ])
        #expect(Folding.laterWordStarts("'abd") == ["abd"])
    }
}
