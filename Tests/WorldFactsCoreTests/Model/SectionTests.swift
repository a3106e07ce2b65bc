import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct SectionTests {
    @Test(arguments: [
        ("Åland Islands", "A", "A"), ("Côte d'Ivoire", "C", "C"), ("Øresund", "O", "O"), ("ßtest", "S", "S"),
        ("1984 Land", "…", "0"), ("'Abd", "…", "0"), ("Ελλάδα", "…", "27"), ("iceland", "I", "I"),
    ])
    func sectionOfTitle(title: String, letter: String, name: String) {
        let collation = Collation.of("en")
        let section = Section.runs(count: 1, collation: collation) { _ in collation.bucket(of: title) }
        #expect(section.map(\.letter) == [letter])
        #expect(section.map(\.name) == [name])
        #expect(section.map(\.anchor) == ["section-" + name])
    }

    /// Digits and punctuation sort before the letters, in ICU's underflow bucket; other scripts after them.
    @Test func sectionsInICUsOrder() throws {
        let records = [("b", "Beta"), ("n", "9 Nine"), ("a", "Åland"), ("g", "Ελλάδα")].map {
            Record(key: $0.0, title: $0.1, values: Array(repeating: .missing, count: 5), line: 1)
        }
        let site = try SiteModeler().model(
            Content(
                config: testConfig(),
                collections: [LoadedCollection(records: records, notes: [], file: "records.json")], warnings: [],
                folder: "c"))
        #expect(site.only.sections.map(\.letter) == ["…", "A", "B", "…"])
        #expect(site.only.sections.map(\.anchor) == ["section-0", "section-A", "section-B", "section-27"])
        #expect(site.only.records.map(\.key) == ["n", "a", "b", "g"])
        #expect(site.only.sectionOfRecord == [0, 1, 2, 3])
    }
}
