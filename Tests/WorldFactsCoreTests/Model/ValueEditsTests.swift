import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// An edit applied to a site whose records are its own (`Site.withOwnRecords`, the copy `watch` prepares
/// while it waits) replaces records where they are; the site the copy was made from stays as it was.
@Suite struct ValueEditsTests {
    @Test func editsGoIntoASiteWithItsOwnRecordsWhereTheyAre() throws {
        let config = testConfig()
        let records = ["b", "a", "c"].map {
            Record(
                key: $0, title: $0.uppercased(), values: Array(repeating: .missing, count: config.only.fields.count),
                line: 1)
        }
        let site = try SiteModeler().model(
            Content(
                config: config, collections: [LoadedCollection(records: records, notes: [], file: "records.json")],
                warnings: [], folder: "c"))
        var edited = site.only.records[1]
        edited.values[0] = .text("edited")
        let edits = ValueEdits(records: [[(position: 1, record: edited)]])
        func storage(_ site: Site) -> UnsafePointer<Record>? {
            site.only.records.withUnsafeBufferPointer(\.baseAddress)
        }

        var own = site.withOwnRecords()
        let place = storage(own)
        #expect(place != storage(site))
        own.apply(edits)
        #expect(storage(own) == place, "replaced where it was")
        #expect(own.only.records == site.applying(edits).only.records)
        #expect(own.only.records[1] == edited && site.only.records[1] != edited)
        // A site that shares its records with another copies them all for the same edit.
        var shared = site
        shared.apply(edits)
        #expect(storage(shared) != storage(site) && shared.only.records == own.only.records)
    }

    /// A sweep made already is taken only for the very records it compared, before and after: records
    /// equal to them but held apart, or other records after the same before, are compared.
    @Test func aKnownSweepIsTakenOnlyForItsOwnRecords() {
        var random = SplitMix(state: 2026_12_06)
        for _ in 0..<50 {
            let before = (0..<(2 + Int(random.next() % 30))).map {
                Record(key: "k\($0)", title: "T\($0)", values: [.integer(Int(random.next() % 100))], line: $0 + 2)
            }
            func edited(_ records: [Record]) -> ([Record], Int) {
                var records = records
                let position = Int(random.next() % UInt64(records.count))
                records[position].values[0] = .integer(1000 + position)
                return (records, position)
            }
            let (after, position) = edited(before)
            let (other, otherPosition) = edited(before)
            let known = RecordSweep(before, after)
            #expect(known.changed == [position])
            #expect(RecordSweep(before, other, known: [known]).changed == [otherPosition])
            #expect(RecordSweep(before.map { $0 }, after, known: [known]).changed == [position])
            #expect(RecordSweep(before, after, known: [known]).changed == [position])
            let unchanged = RecordSweep(before, before, known: [known])
            #expect(unchanged.changed.isEmpty)
        }
    }
}
