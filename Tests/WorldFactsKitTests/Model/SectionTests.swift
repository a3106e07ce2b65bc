import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport

@Suite struct SectionTests {
    @Test(arguments: [
        ("Åland Islands", "A"), ("Côte d'Ivoire", "C"), ("Øresund", "O"), ("ßtest", "S"),
        ("1984 Land", "#"), ("'Abd", "#"), ("Ελλάδα", "#"), ("iceland", "I"),
    ])
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
        let site = try SiteModeler().model(
            Content(
                config: testConfig(),
                collections: [LoadedCollection(records: records, notes: [], file: "records.json")], warnings: [],
                folder: "c"))
        #expect(site.only.sections.map(\.letter) == ["A", "B", "#"])
        #expect(site.only.records.map(\.key) == ["a", "b", "n"])
        #expect(site.only.sectionOfRecord == [0, 1, 2])
    }
}
