import Testing
@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsMustache
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsWatch
@testable import WorldFactsWrite

@Suite struct CollationTests {
    func sorted(_ titles: [String]) -> [String] {
        titles.sorted { CollationKey(title: $0, tieBreak: $0) < CollationKey(title: $1, tieBreak: $1) }
    }

    @Test func foldsDiacriticsAtThePrimaryLevel() {
        #expect(sorted(["Azerbaijan", "Åland Islands", "Albania", "Afghanistan"]) ==
                ["Afghanistan", "Åland Islands", "Albania", "Azerbaijan"])
        #expect(sorted(["Cuba", "Côte d'Ivoire", "Costa Rica", "Croatia"]) ==
                ["Costa Rica", "Côte d'Ivoire", "Croatia", "Cuba"])
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
        func foundation(_ text: String) -> [UInt8] { Array(text.lowercased().decomposedStringWithCanonicalMapping.utf8) }
        for value in UInt32(0)..<Folding.latinEnd {
            let text = String(Unicode.Scalar(value)!)
            #expect(CollationKey.latinAccents(text) == foundation(text), "U+\(String(value, radix: 16))")
        }
        var random = DifferentialFoldingTests.SplitMix(state: 21)
        for _ in 0..<2_000 {
            let text = String(String.UnicodeScalarView((0..<(1 + random.next() % 8)).map { _ in Unicode.Scalar(UInt32(random.next() % UInt64(Folding.latinEnd)))! }))
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

@Suite struct SectionTests {
    @Test(arguments: [("Åland Islands", "A"), ("Côte d'Ivoire", "C"), ("Øresund", "O"), ("ßtest", "S"),
                      ("1984 Land", "#"), ("'Abd", "#"), ("Ελλάδα", "#"), ("iceland", "I")])
    func letterOfTitle(title: String, letter: String) {
        #expect(SectionLetter.of(title: title) == letter)
    }

    @Test func anchors() {
        #expect(SectionLetter.anchor(for: "A") == "section-A")
        #expect(SectionLetter.anchor(for: "#") == "section-other")
    }

    @Test func otherSectionComesLast() throws {
        let records = [("b", "Beta"), ("n", "9 Nine"), ("a", "Åland")].map {
            Record(key: $0.0, title: $0.1, values: Array(repeating: .missing, count: 5), line: 1)
        }
        let site = try SiteModeler().model(Content(config: testConfig(), records: records, notes: [], warnings: [], folder: "c"))
        #expect(site.sections.map(\.letter) == ["A", "B", "#"])
        #expect(site.records.map(\.key) == ["a", "b", "n"])
        #expect(site.sectionOfRecord == [0, 1, 2])
    }
}

@Suite struct SlugTests {
    @Test(arguments: [("IS", "is"), ("Côte", "cote"), ("../x", "x"), ("a/b", "a-b"), ("CON", "con_"),
                      ("lpt1", "lpt1_"), ("  Hello  World ", "hello-world"), ("a\u{0}b", "a-b"), ("ß", "ss")])
    func slugOf(key: String, slug: String) {
        #expect(Slug.make(from: key) == slug)
    }

    @Test func unusableKeysGiveNoSlug() {
        #expect(Slug.make(from: ".") == nil)
        #expect(Slug.make(from: "") == nil)
        #expect(Slug.make(from: "🙂") == nil)
    }

    @Test func longKeysAreCut() {
        #expect(Slug.make(from: String(repeating: "x", count: 300))!.count == 80)
    }

    @Test func keysWithTheSameSlugAreAnErrorNamingBoth() {
        let records = [Record(key: "ab", title: "One", values: Array(repeating: .missing, count: 5), line: 2),
                       Record(key: "AB", title: "Two", values: Array(repeating: .missing, count: 5), line: 3)]
        #expect {
            _ = try SiteModeler().model(Content(config: testConfig(), records: records, notes: [], warnings: [], folder: "c"))
        } throws: { error in
            let text = "\(error)"
            return text.contains("record 'AB'") && text.contains("record 'ab' at line 2") && text.contains("'ab'")
        }
    }
}

@Suite struct KeyLookupTests {
    /// Without links or notes the model keeps no index of keys, and a lookup still finds every record.
    @Test func aSiteWithoutLinksOrNotesStillFindsKeys() throws {
        var config = testConfig()
        config.fields.removeAll { $0.format == .links }
        let records = ["b", "a", "c"].map { Record(key: $0, title: $0.uppercased(), values: Array(repeating: .missing, count: config.fields.count), line: 1) }
        let site = try SiteModeler().model(Content(config: config, records: records, notes: [], warnings: [], folder: "c"))
        for key in ["a", "b", "c"] { #expect(site.position(ofKey: key).map { site.records[$0].key } == key) }
        #expect(site.position(ofKey: "z") == nil)
        #expect(site.slugs == ["a", "b", "c"], "keys that are their own slugs")
    }
}

@Suite struct LinkAndNoteTests {
    @Test func unknownLinksAndNotesAreWarnings() throws {
        let records = [Record(key: "a", title: "A", values: [.missing, .missing, .missing, .missing, .list(["zz"])], line: 2)]
        let notes = [Note(name: "nobody", file: "notes/nobody.md", markdown: "x"), Note(name: "a", file: "notes/a.md", markdown: "y")]
        let site = try SiteModeler().model(Content(config: testConfig(), records: records, notes: notes, warnings: [], folder: "c"))
        #expect(site.notes[0]?.name == "a")
        let warnings = site.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("notes/nobody.md") && $0.contains("warning") && $0.contains("names no record") })
        #expect(warnings.contains { $0.contains("field 'next_to'") && $0.contains("'zz'") })
    }
}
