import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// `rank:` orders a collection's search results after an exact match: its entries carry their scores, a
/// bad declaration is an error at its line, and an edit of a score builds what a clean build makes.
@Suite struct RecordRankTests {
    static func yaml(_ rank: String) -> String {
        CollectionsTests.siteYAML.replacingOccurrences(
            of: "    file: cities.csv\n", with: "    file: cities.csv\n    rank: \(rank)\n"
        ).replacingOccurrences(of: "search:\n", with: "search:\n  shard_budget: 1024\n  preview: 2\n")
    }

    /// Cities enough that the prefix "t" is split and previewed: those given, then 30 more named "Tx<n>"
    /// with no population, so no score.
    static func cities(_ lines: String) -> String {
        "id,name,country,population\n" + lines + (10..<40).map { "\($0),Tx\($0),A,\n" }.joined()
    }

    /// The entries of the preview at `prefix` of a scope's published index.
    func preview(_ output: String, scope: String, prefix: String) throws -> [[Any]] {
        let name = try #require(try publishedShardNames(output, scope: scope)["p"]?[prefix])
        let shard = try JSONSerialization.jsonObject(
            with: Data(publishedSearchJSON(output, name: scope + "/" + name).utf8))
        return try #require((shard as? [String: Any])?["r"] as? [[Any]])
    }

    /// An entry's score slot, as its JSON reads.
    func score(_ entry: [Any]) -> String { (entry[6] as? NSNumber).map { "\($0)" } ?? "null" }

    @Test(arguments: [
        ("{ field: populaton }", "names no declared field of 'cities': 'populaton'"),
        ("{ field: country }", "expected an integer or decimal field; 'country' is 'link'"),
        ("{ field: population, order: biggest }", "expected 'descending' (largest first) or 'ascending'"),
        ("{ order: ascending }", "rank.field': missing; expected a text value"),
    ])
    func badRanksAreErrorsAtTheirLine(rank: String, problem: String) throws {
        try CollectionsTests().expectLoadError(siteYAML: Self.yaml(rank), atLineWith: "rank:", problem)
    }

    /// The entries of a ranked collection carry their score (negated in ascending order, `null` for a
    /// record without one), and the "All" scope's previews a score slot for every record.
    @Test func entriesCarryTheirScores() throws {
        let collections = CollectionsTests()
        let cities = Self.cities("1,Tone,A,10\n2,Two,A,30\n3,Tee,A,\n4,Toe,B,5\n")
        for (order, scores) in [
            ("descending", ["30", "10", "5", "null"]), ("ascending", ["-5", "-10", "-30", "null"]),
        ] {
            let root = collections.project(
                siteYAML: Self.yaml("{ field: population, order: \(order) }", ), cities: cities)
            defer { removeTemporary(root) }
            let options = BuildOptions(
                content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output")
            _ = try Builder().build(options)
            // "t" is a preview of two in both scopes: the exact order is the scores'.
            let city = try preview(root + "/Output", scope: "city", prefix: "t")
            #expect(city.map(score) == Array(scores.prefix(2)), "\(order)")
            let all = try preview(root + "/Output", scope: "all", prefix: "t")
            #expect(all.map(score) == Array(scores.prefix(2)), "\(order)")
            #expect(all.allSatisfy { $0[7] as? Int == 1 }, "the cities, collection 1")
        }
    }

    /// Edits of a score: a city moving into and out of a preview, and one losing its number. Each build
    /// is what a clean build makes, from the live model and from the build's snapshot alike.
    @Test(arguments: [false, true]) func scoreEditsBuildAsACleanBuildDoes(snapshots: Bool) throws {
        let collections = CollectionsTests()
        let cities = Self.cities("1,Tone,A,10\n2,Two,A,30\n3,Tee,A,20\n4,Toe,B,5\n")
        let root = collections.project(siteYAML: Self.yaml("{ field: population }", ), cities: cities)
        defer { removeTemporary(root) }
        let edited = try LiveBuildTests().editsBuildAsACleanBuildDoes(
            root: root, file: "cities.csv",
            edits: [("4,Toe,B,5", "4,Toe,B,500"), ("2,Two,A,30", "2,Two,A,"), ("4,Toe,B,500", "4,Toe,B,1")],
            snapshots: snapshots)
        #expect(edited == 3)
        #expect(try preview(root + "/Output", scope: "city", prefix: "t").map { $0[1] as? String } == ["Tee", "Tone"])
    }
}
