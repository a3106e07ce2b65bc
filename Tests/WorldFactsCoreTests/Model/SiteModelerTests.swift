import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct KeyLookupTests {
    /// Without links or notes the model keeps no index of keys, and a lookup still finds every record.
    @Test func aSiteWithoutLinksOrNotesStillFindsKeys() throws {
        var config = testConfig()
        config.only.fields.removeAll { $0.format == .links }
        let records = ["b", "a", "c"].map {
            Record(
                key: $0, title: $0.uppercased(), values: Array(repeating: .missing, count: config.only.fields.count),
                line: 1
            )
        }
        let site = try SiteModeler().model(
            Content(
                config: config, collections: [LoadedCollection(records: records, notes: [], file: "records.json")],
                warnings: [], folder: "c"))
        for key in ["a", "b", "c"] { #expect(site.only.position(ofKey: key).map { site.only.records[$0].key } == key) }
        #expect(site.only.position(ofKey: "z") == nil)
        #expect(site.only.slugs == ["a", "b", "c"], "keys that are their own slugs")
    }
}

@Suite struct LinkAndNoteTests {
    @Test func unknownLinksAndNotesAreWarnings() throws {
        let records = [
            Record(key: "a", title: "A", values: [.missing, .missing, .missing, .missing, .list(["zz"])], line: 2)
        ]
        let notes = [
            Note(name: "nobody", file: "notes/nobody.md", markdown: "x"),
            Note(name: "a", file: "notes/a.md", markdown: "y"),
        ]
        let site = try SiteModeler().model(
            Content(
                config: testConfig(),
                collections: [LoadedCollection(records: records, notes: notes, file: "records.json")], warnings: [],
                folder: "c"))
        #expect(site.only.notes[0]?.name == "a")
        let warnings = site.warnings.map(\.description)
        #expect(
            warnings.contains {
                $0.contains("notes/nobody.md") && $0.contains("warning") && $0.contains("names no record")
            })
        #expect(warnings.contains { $0.contains("field 'next_to'") && $0.contains("'zz'") })
    }
}

@Suite struct ModelPositionsTests {
    /// The positions the model gives are where each loaded record went, found again by key, in every
    /// collection of the repository's content (countries and cities, neither in sorted order in its file).
    @Test func eachLoadedRecordIsWhereThePositionsSay() throws {
        let content = try ContentLoader(folder: repoPath("Content")).load()
        let (site, positions) = try SiteModeler().modelWithPositions(content)
        #expect(positions.count == content.collections.count && positions.count > 1)
        var moved = 0
        for (number, loaded) in content.collections.enumerated() {
            let records = site.collections[number].records
            #expect(positions[number].count == loaded.records.count)
            #expect(Set(positions[number]) == Set(records.indices), "each place once")
            for (index, record) in loaded.records.enumerated() {
                #expect(records[positions[number][index]].key == record.key)
                if positions[number][index] != index { moved += 1 }
            }
        }
        #expect(moved > 100, "the sort moved records, so the positions are not the file's order")
    }
}
