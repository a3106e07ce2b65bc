import Testing

@testable import WorldFactsModel
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The scores an update keeps (`RecordRanks(updating:)`): the same as scoring the edited site whole, and
/// a language's shared collection holds the default's scores without copying them.
@Suite struct RecordRanksUpdateTests {
    /// Countries, not ranked, and cities ranked by population (`RecordRankTests.yaml`).
    static let site: Site = {
        let cities = (1...60).map { "\($0),City\($0),\(["A", "B"][$0 % 2]),\($0 * 10)\n" }.joined()
        return try! CollectionsTests().modelled(
            siteYAML: RecordRankTests.yaml("{ field: population }"), cities: "id,name,country,population\n" + cities)
    }()

    func scores(_ ranks: RecordRanks, count: Int) -> [Double?] { (0..<count).map { ranks[$0] } }

    func storage(_ scores: [Double?]) -> UnsafeRawPointer? {
        scores.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    /// Seeded edits of populations anywhere (a number, another, none), 40 steps, each update from the last,
    /// with changed positions in the collection not ranked too: every position scores as a whole scoring of
    /// the edited site does.
    @Test func updatesScoreAsAWholeScoringDoes() throws {
        var site = Self.site
        try #require(site.collections.count == 2 && site.collections[0].spec.rank == nil)
        try #require(site.collections[1].spec.rank != nil)
        var random = SplitMix(state: 2026_12_05)
        var ranks = RecordRanks(site: site)
        for step in 0..<40 {
            var changed: [Int] = []
            for _ in 0..<Int(random.next() % 3 + 1) {
                let number = Int(random.next() % 2)
                let collection = site.collections[number]
                let record = Int(random.next() % UInt64(collection.records.count))
                if let rank = collection.spec.rank {
                    site.collections[number].records[record].values[rank.field] =
                        random.next() % 4 == 0 ? .missing : .integer(Int(random.next() % 1_000))
                }
                changed.append(collection.offset + record)
            }
            ranks = RecordRanks(updating: ranks, site: site, changed: changed)
            #expect(
                scores(ranks, count: site.recordCount) == scores(RecordRanks(site: site), count: site.recordCount),
                "step \(step)")
        }
    }

    /// A language's ranks take the default's array of a collection they share (the cities), then the
    /// default's edited one on an update; their own collection's scores are their own.
    @Test func aSharedCollectionHoldsTheDefaultsScores() throws {
        var site = Self.site
        let ranks = RecordRanks(site: site)
        let language = RecordRanks(site: site, sharing: (ranks, [1]))
        #expect(storage(language.scores[1]) == storage(ranks.scores[1]))
        #expect(language.scores[0].isEmpty && language[0] == nil, "the countries are not ranked")
        let rank = try #require(site.collections[1].spec.rank)
        site.collections[1].records[3].values[rank.field] = .integer(123_456)
        let changed = [site.collections[1].offset + 3]
        let edited = RecordRanks(updating: ranks, site: site, changed: changed)
        let languageEdited = RecordRanks(updating: language, site: site, changed: changed, sharing: (edited, [1]))
        #expect(storage(languageEdited.scores[1]) == storage(edited.scores[1]))
        #expect(storage(edited.scores[1]) != storage(ranks.scores[1]), "the edited collection is copied")
        #expect(languageEdited[changed[0]] == 123_456)
        #expect(
            scores(languageEdited, count: site.recordCount)
                == scores(RecordRanks(site: site, sharing: (edited, [1])), count: site.recordCount))
    }
}
