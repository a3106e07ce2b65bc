import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport

@Suite struct CollationTests {
    func sorted(_ titles: [String]) -> [String] {
        titles.sorted { CollationKey(title: $0, tieBreak: $0) < CollationKey(title: $1, tieBreak: $1) }
    }

    @Test func foldsDiacriticsAtThePrimaryLevel() {
        #expect(
            sorted(["Azerbaijan", "Åland Islands", "Albania", "Afghanistan"]) == [
                "Afghanistan", "Åland Islands", "Albania", "Azerbaijan",
            ])
        #expect(
            sorted(["Cuba", "Côte d'Ivoire", "Costa Rica", "Croatia"]) == [
                "Costa Rica", "Côte d'Ivoire", "Croatia", "Cuba",
            ])
    }

    @Test func codePointOrderWouldBeWrong() {
        // Plain string order puts "Å" after "Z"; the collation does not.
        #expect(["Åland", "Zambia"].sorted() == ["Zambia", "Åland"])
        #expect(sorted(["Zambia", "Åland"]) == ["Åland", "Zambia"])
    }

    @Test func unaccentedBeforeAccentedThenLowercaseBeforeUppercase() {
        #expect(sorted(["résumé", "resume", "Resume"]) == ["resume", "Resume", "résumé"])
    }

    /// The secondary level by table below U+0250 is Foundation's lowercased canonical decomposition.
    @Test func latinAccentsByTableAgreeWithFoundation() throws {
        func foundation(_ text: String) -> [UInt8] {
            Array(text.lowercased().decomposedStringWithCanonicalMapping.utf8)
        }
        for value in UInt32(0)..<Folding.latinEnd {
            let text = String(Unicode.Scalar(value)!)
            #expect(CollationKey.latinAccents(text) == foundation(text), "U+\(String(value, radix: 16))")
        }
        var random = SplitMix(state: 21)
        for _ in 0..<2_000 {
            let text = String(
                String.UnicodeScalarView(
                    (0..<(1 + random.next() % 8)).map { _ in
                        Unicode.Scalar(UInt32(random.next() % UInt64(Folding.latinEnd)))!
                    }))
            #expect(CollationKey.latinAccents(text) == foundation(text), "\(text.unicodeScalars.map(\.value))")
        }
        #expect(CollationKey.latinAccents("İstanbul") == foundation("İstanbul"))
        #expect(CollationKey.latinAccents("Ελλάδα") == nil, "Greek is beyond the table")
        #expect(try #require(CollationKey.accents("Ελλάδα")) == foundation("Ελλάδα"))
    }

    @Test func spacesAndPunctuationBeforeLetters() {
        #expect(sorted(["Saint-Martin", "Saint Lucia", "Saintly"]) == ["Saint Lucia", "Saint-Martin", "Saintly"])
    }
}
