import Foundation
import Testing
@testable import WorldFactsKit

@Suite struct FoldingTests {
    @Test func agreesWithEverySharedVector() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: repoPath("Tests/Fixtures/fold-vectors.json")))
        let vectors = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["vectors"] as? [[String: String]])
        #expect(vectors.count >= 100)
        for vector in vectors {
            #expect(Folding.fold(vector["in"]!) == vector["out"]!, "\(vector["in"]!.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// The Latin table gives what the full folding gives, on texts that mix any of its code points.
    @Test func latinTableFoldsAsTheFullFolding() {
        var random = DifferentialFoldingTests.SplitMix(state: 5)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(1 + random.next() % 12) { text.append(Unicode.Scalar(UInt32(0x20 + random.next() % (0x250 - 0x20)))!) }
            let input = String(text)
            #expect(Folding.foldLatin(input) == Folding.foldFully(input), "\(input.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(Folding.foldLatin("Åland Ǆemal ß") == "aland dzemal ss")
        #expect(Folding.foldLatin("Ωmega") == nil, "beyond the table")
    }

    @Test func laterWordStarts() {
        #expect(Folding.laterWordStarts("cote d'ivoire") == ["d'ivoire", "ivoire"])
        #expect(Folding.laterWordStarts("bonaire, sint eustatius and saba") == ["sint eustatius and saba", "eustatius and saba", "and saba", "saba"])
        #expect(Folding.laterWordStarts("'abd") == ["abd"])
    }
}

/// The shipped countries, modelled, for search tests.
let shippedSite: Site = {
    let content = try! ContentLoader(folder: repoPath("Content")).load()
    return try! SiteModeler().model(content)
}()

@Suite struct ShardPlannerTests {
    /// What BEGINSWITH[cd] plus word starts would answer, by brute force over every record.
    func expected(_ keys: SearchKeys, _ query: String) -> Set<Int> {
        Set(keys.texts.indices.filter { record in
            keys.texts[record].contains { text in text.hasPrefix(query) || Folding.laterWordStarts(text).contains { $0.hasPrefix(query) } }
        })
    }

    func plans(budget: Int, scope: Int = 0, preview: Int = 5) -> (SearchKeys, [ShardPlan], [Int]) {
        let keys = SearchKeys(site: shippedSite, scope: shippedSite.config.search.scopes[scope])
        let rows = shippedSite.records.indices.map(PageContexts(site: shippedSite).row)
        let sizes = rows.enumerated().map { SearchIndex.entry(position: $0, row: $1, texts: keys.texts[$0]).utf8.count }
        return (keys, ShardPlanner(budget: budget, previewSize: preview).plan(keys: keys, entrySize: sizes), sizes)
    }

    @Test(arguments: [1_024, 2_048, 16_384])
    func shardsStayWithinBudgetUnlessUnsplittable(budget: Int) {
        let (keys, plans, sizes) = plans(budget: budget)
        for plan in plans where plan.kind == .leaf {
            let size = plan.records.reduce(16) { $0 + sizes[$1] + 1 }
            if size > budget {
                // Only a prefix that every key ends at may exceed the budget.
                let splittable = plan.records.contains { record in
                    keys.texts[record].contains { text in
                        ([Substring(text)] + Folding.laterWordStarts(text)).contains { $0.hasPrefix(plan.prefix) && $0.unicodeScalars.count > plan.prefix.unicodeScalars.count }
                    }
                }
                #expect(!splittable, "leaf '\(plan.prefix)' is \(size) bytes")
            }
        }
    }

    @Test func aSmallBudgetSplitsAndPreviewsCountExactly() {
        let (keys, plans, _) = plans(budget: 1_024)
        let previews = plans.filter { $0.kind == .preview }
        #expect(!previews.isEmpty)
        for plan in previews {
            let all = expected(keys, plan.prefix)
            #expect(plan.total == all.count, "preview '\(plan.prefix)'")
            #expect(plan.records.count == min(5, all.count))
            #expect(Set(plan.records).isSubset(of: all))
        }
    }

    /// Every record is reachable from every prefix of every one of its keys, and every answer is exactly
    /// the brute-force answer (a leaf) or its exact count (a preview).
    @Test(arguments: [(1_024, 0), (1_024, 1), (16_384, 0), (16_384, 1)])
    func everyPrefixOfEveryKeyFindsItsRecord(budget: Int, scope: Int) {
        let (keys, plans, _) = plans(budget: budget, scope: scope)
        let router = ShardRouter(plans: plans)
        let byPrefix = Dictionary(uniqueKeysWithValues: plans.map { ($0.prefix, $0) })
        var queries = Set<String>()
        for texts in keys.texts {
            for text in texts {
                for start in [Substring(text)] + Folding.laterWordStarts(text) {
                    var prefix = ""
                    for scalar in start.unicodeScalars { prefix.unicodeScalars.append(scalar); queries.insert(prefix) }
                }
            }
        }
        #expect(queries.count > 1_000)
        for query in queries {
            let all = expected(keys, query)
            switch router.route(query) {
            case .leaf(let prefix):
                let found = Set(byPrefix[prefix]!.records.filter { record in
                    keys.texts[record].contains { $0.hasPrefix(query) || Folding.laterWordStarts($0).contains { $0.hasPrefix(query) } }
                })
                #expect(found == all, "query '\(query)'")
            case .preview(let prefix):
                #expect(prefix == query)
                #expect(byPrefix[prefix]!.total == all.count, "query '\(query)'")
            case .none:
                Issue.record("query '\(query)' routes nowhere but matches \(all.count) records")
            }
        }
    }

    @Test func rankingPutsWholeFieldMatchesFirst() {
        let (keys, plans, _) = plans(budget: 16_384)
        let leaf = plans.first { $0.prefix == "k" }!
        let firstWordMatch = leaf.records.firstIndex { !keys.texts[$0].contains { $0.hasPrefix("k") } }!
        #expect(leaf.records[..<firstWordMatch].allSatisfy { keys.texts[$0].contains { $0.hasPrefix("k") } })
        #expect(leaf.records[firstWordMatch...].contains { shippedSite.records[$0].title == "North Korea" })
        #expect(leaf.records[..<firstWordMatch] == leaf.records[..<firstWordMatch].sorted()[...])
    }

    @Test func shardFilesAreEscapedJSONWithScriptTwins() throws {
        let index = SearchIndex(site: shippedSite, rows: shippedSite.records.indices.map(PageContexts(site: shippedSite).row))
        let files = Dictionary(uniqueKeysWithValues: index.files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
        let json = try #require(files["search/name/l-69.json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        #expect((object["r"] as! [Any]).count == object["n"] as! Int)
        #expect(files["search/name/l-69.js"] == "__worldfacts(\"name/l-69\",\(json));\n")
        #expect(index.manifest.contains("\"capital\":{\"l\":["))
        #expect(!files.values.contains { $0.contains("<") })
    }
}
