import Foundation
import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsRender
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

@Suite struct ShardPlannerTests {
    /// What BEGINSWITH[cd] plus word starts would answer, by brute force over every record. Texts are
    /// compared by scalars, as the script compares them: a query may end inside a character.
    func expected(_ keys: SearchKeys, _ query: String) -> Set<Int> {
        func starts(_ text: Substring) -> Bool { text.unicodeScalars.starts(with: query.unicodeScalars) }
        return Set(
            keys.texts.indices.filter { record in
                keys.texts[record].contains { text in
                    starts(Substring(text)) || Folding.laterWordStarts(text).contains(where: starts)
                }
            })
    }

    func plans(budget: Int, scope: Int = 0, preview: Int = 5) -> (SearchKeys, [ShardPlan], [Int]) {
        let keys = SearchKeys(site: countriesSite, scope: countriesSite.config.search.scopes[scope])
        let rows = countriesSite.only.records.indices.map(PageContexts(site: countriesSite, collection: 0).row)
        let sizes = rows.enumerated().map {
            ShardEntry.json(number: String($0), row: $1, texts: keys.texts[$0]).utf8.count
        }
        return (keys, ShardPlanner(budget: budget, previewSize: preview).plan(keys: keys, entrySize: sizes), sizes)
    }

    /// The floor of an entry's size is never above its size, and is its size without subtitle and detail.
    @Test func entryFloorIsAFloor() {
        let keys = SearchKeys(site: countriesSite, scope: countriesSite.config.search.scopes[0])
        let rows = countriesSite.only.records.indices.map(PageContexts(site: countriesSite, collection: 0).row)
        for position in rows.indices {
            var row = rows[position]
            let floor = ShardEntry.floor(
                number: String(position), titleAndSlug: row.title.utf8.count + ShardEntry.slug(of: row.path).utf8.count,
                texts: keys.texts[position])
            #expect(
                floor <= ShardEntry.json(number: String(position), row: row, texts: keys.texts[position]).utf8.count)
            (row.subtitle, row.detail) = (nil, nil)
            if !([row.title, row.path] + keys.texts[position]).contains(where: JSONText.needsEscaping) {
                #expect(
                    floor
                        == ShardEntry.json(number: String(position), row: row, texts: keys.texts[position]).utf8.count,
                    "\(row.title)")
            }
        }
        #expect(
            ShardEntry.floor(number: "7", titleAndSlug: 0, texts: [])
                == ShardEntry.json(
                    number: "7", row: IndexRow(title: "", path: ""), texts: []
                ).utf8.count)
    }

    /// A large bucket planned as its node and its parts, each part likewise, gives the plans the whole
    /// bucket gives: a rebuild may keep the parts a change did not touch.
    @Test(arguments: [(0, 1_024), (1, 1_024), (0, 2_048), (0, 256)])
    func aBucketPlannedInPartsIsPlannedAsAWhole(scope: Int, budget: Int) {
        let (keys, _, sizes) = plans(budget: budget, scope: scope)
        let planner = ShardPlanner(budget: budget, previewSize: 5)
        let rows = countriesSite.only.records.indices.map(PageContexts(site: countriesSite, collection: 0).row)
        let floors = rows.indices.map {
            ShardEntry.floor(
                number: String($0),
                titleAndSlug: rows[$0].title.utf8.count + ShardEntry.slug(of: rows[$0].path).utf8.count,
                texts: keys.texts[$0])
        }
        func inParts(_ bucket: SearchKeys.Bucket) -> [ShardPlan] {
            guard planner.mustSplit(bucket, entryFloor: bucket.positions.map { floors[$0] }) else {
                return planner.plan(bucket, entrySize: bucket.positions.map { sizes[$0] })
            }
            return [planner.preview(of: bucket)] + bucket.parts().flatMap(inParts)
        }
        var split = 0
        for bucket in keys.buckets() {
            if planner.mustSplit(bucket, entryFloor: bucket.positions.map { floors[$0] }) { split += 1 }
            #expect(
                inParts(bucket) == planner.plan(bucket, entrySize: bucket.positions.map { sizes[$0] }),
                "\(bucket.prefixText)")
        }
        #expect(split > 0, "no bucket was large enough to be planned in parts: the test tests nothing")
    }

    /// Keys that share a long start ("america/…", and no other word starts with "a") make a chain of
    /// nodes with one part each: planned in
    /// parts, such a bucket gives the plans it gives whole.
    @Test func aChainOfNodesIsPlannedInPartsAsAWhole() {
        let places = ["new_york", "chicago", "denver", "los_banos", "phoenix", "boise", "detroit", "juneau"]
        let texts = (0..<400).map { ["america/" + places[$0 % places.count] + ($0 % 3 == 0 ? "" : "/\($0)")] }
        let keys = SearchKeys(texts: texts)
        let planner = ShardPlanner(budget: 600, previewSize: 3)
        let sizes = texts.map { 30 + $0[0].utf8.count }
        func inParts(_ bucket: SearchKeys.Bucket) -> [ShardPlan] {
            guard planner.mustSplit(bucket, entryFloor: bucket.positions.map { sizes[$0] - 10 }) else {
                return planner.plan(bucket, entrySize: bucket.positions.map { sizes[$0] })
            }
            return [planner.preview(of: bucket)] + bucket.parts().flatMap(inParts)
        }
        let bucket = try! #require(keys.buckets().first { $0.prefixText == "a" })
        let chain = bucket.parts()
        #expect(chain.map(\.prefixText) == ["am"] && chain[0].positions == bucket.positions, "one part, all records")
        let plans = inParts(bucket)
        #expect(plans == planner.plan(bucket, entrySize: bucket.positions.map { sizes[$0] }))
        #expect(plans.contains { $0.prefix == "america/" && $0.kind == .preview })
    }

    /// Every leaf fits the budget but a record alone or a prefix as long as a key keeps; a preview holds
    /// its first records only.
    @Test(arguments: [1_024, 2_048, 16_384])
    func shardsStayWithinBudget(budget: Int) {
        let (_, plans, sizes) = plans(budget: budget)
        Self.expectBounded(plans, sizes: sizes, budget: budget, preview: 5)
    }

    /// `shardsStayWithinBudget`'s checks of `plans`, whose entries are `sizes[record]` bytes.
    static func expectBounded(_ plans: [ShardPlan], sizes: [Int], budget: Int, preview: Int) {
        for plan in plans {
            let size = plan.records.reduce(16) { $0 + sizes[$1] + 1 }
            if plan.kind == .preview {
                #expect(plan.records.count == min(preview, plan.total), "preview '\(plan.prefix)'")
            } else if plan.records.count > 1 && plan.prefix.utf8.count < SearchKeys.maxKeyBytes - 3 {
                #expect(size <= budget, "leaf '\(plan.prefix)' is \(size) bytes")
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

    /// A query that ends inside a character, a letter and the first jamo of a Hangul syllable after it,
    /// counts every record whose text starts with its scalars.
    @Test func aPreviewCountsTheRecordsAQueryEndingInsideACharacterMatches() {
        let syllables = ["체", "첵", "첸", "첼", "쳄", "쳅"]
        let texts = syllables.indices.map { [Folding.fold("n" + syllables[$0] + String(repeating: "x", count: $0))] }
        let keys = SearchKeys(texts: texts)
        let plans = ShardPlanner(budget: 40, previewSize: 2).plan(keys: keys, entrySize: texts.map { _ in 12 })
        let router = ShardRouter(plans: plans)
        let query = "n\u{110E}"
        #expect(query.count == 2 && !texts[0][0].hasPrefix(query))
        guard case .preview(let prefix) = router.route(query), let plan = plans.first(where: { $0.prefix == prefix })
        else {
            Issue.record("'\(query)' is no preview: \(router.route(query))")
            return
        }
        #expect(plan.total == syllables.count && expected(keys, query).count == syllables.count)
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
                let found = Set(
                    byPrefix[prefix]!.records.filter { record in
                        keys.texts[record].contains {
                            $0.hasPrefix(query) || Folding.laterWordStarts($0).contains { $0.hasPrefix(query) }
                        }
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
        #expect(leaf.records[firstWordMatch...].contains { countriesSite.only.records[$0].title == "North Korea" })
        #expect(leaf.records[..<firstWordMatch] == leaf.records[..<firstWordMatch].sorted()[...])
    }

    /// With scores (the countries' populations, some left out), every preview holds the first records of
    /// the order `search.js` shows, computed here by brute force: a text equal to the prefix, then the
    /// highest score (none last), then a whole-field match, then record order.
    @Test(arguments: [0, 1]) func previewsWithScoresHoldTheTopOfTheRankedOrder(scope: Int) {
        let keys = SearchKeys(site: countriesSite, scope: countriesSite.config.search.scopes[scope])
        let records = countriesSite.only.records
        let population = countriesSite.only.spec.fields.firstIndex { $0.id == "population" }!
        let scores = records.indices.map { $0 % 7 == 0 ? nil : RecordRank(field: population).score(records[$0]) }
        #expect(scores.contains { $0 == nil } && scores.contains { $0 != nil })
        let rows = records.indices.map(PageContexts(site: countriesSite, collection: 0).row)
        let sizes = rows.enumerated().map {
            ShardEntry.json(number: String($0), row: $1, texts: keys.texts[$0]).utf8.count
        }
        let plans = ShardPlanner(budget: 512, previewSize: 5).plan(keys: keys, entrySize: sizes, scores: scores)
        let previews = plans.filter { $0.kind == .preview }
        #expect(previews.count > 10)
        for plan in previews {
            func key(_ record: Int) -> (Int, Double, Int, Int) {
                let texts = keys.texts[record]
                return (
                    texts.contains(plan.prefix) ? 0 : 1, -(scores[record] ?? -.infinity),
                    texts.contains { $0.hasPrefix(plan.prefix) } ? 0 : 1, record
                )
            }
            let ranked = expected(keys, plan.prefix).sorted { key($0) < key($1) }
            #expect(plan.records == Array(ranked.prefix(5)), "preview '\(plan.prefix)'")
        }
    }

    /// A node where many keys end is a preview of its first records and their exact total, whatever the
    /// number that end there: 30 cities named San Jose, and 200 named San Jose de something, at a budget
    /// that splits "san jose"; and 400 records with one word in every title ("x airport"), where "airport"
    /// cannot be split at all. Planned whole or as a node and its parts alike.
    @Test func aNodeWhereManyKeysEndIsABoundedPreview() {
        let texts =
            (0..<230).map { $0 < 30 ? ["san jose"] : ["san jose de \($0)"] } + [["vila san"], ["a"], ["a"]]
            + (0..<400).map { ["\($0) airport"] }
        let keys = SearchKeys(texts: texts)
        let sizes = texts.map { 30 + $0[0].utf8.count }
        let planner = ShardPlanner(budget: 1_000, previewSize: 5)
        let scores = texts.indices.map { Double($0) }
        for scores in [nil, scores] {
            let plans = planner.plan(keys: keys, entrySize: sizes, scores: scores)
            let node = try! #require(plans.first { $0.prefix == "san jose" })
            #expect(node.kind == .preview && node.total == 230 && node.records.count == 5)
            // Exact matches first, then by score (or record order).
            #expect(node.records.allSatisfy { $0 < 30 })
            #expect(node.records == (scores == nil ? Array(0..<5) : Array((25..<30).reversed())))
            let airport = try! #require(plans.first { $0.prefix == "airport" })
            #expect(airport.kind == .preview && airport.total == 400 && airport.records.count == 5)
            #expect(!plans.contains { $0.prefix.hasPrefix("airport") && $0.prefix != "airport" }, "nothing below")
            // Each of them is still in a leaf of its whole title.
            #expect(Set(plans.filter { $0.kind == .leaf }.flatMap(\.records)).isSuperset(of: 233..<633))
            for plan in plans {
                #expect(
                    plan.kind == .preview || plan.records.count == 1
                        || plan.records.reduce(16) { $0 + sizes[$1] + 1 } <= 1_000, "'\(plan.prefix)'")
            }
        }
        let bucket = try! #require(keys.buckets().first { $0.prefixText == "s" })
        #expect(planner.mustSplit(bucket, entryFloor: bucket.positions.map { sizes[$0] }))
        let big = SearchKeys(texts: (0..<40).map { $0 < 10 ? ["s"] : ["s\($0) x"] })
        let one = try! #require(big.buckets().first { $0.prefixText == "s" })
        let preview = ShardPlanner(budget: 100, previewSize: 3).preview(of: one)
        #expect(preview.records == [0, 1, 2] && preview.total == 40)
    }

    /// The shipped site's index at a 1 KiB budget, a manifest of its files, and the site with Iceland's
    /// population changed (a value the index shows, not one it searches).
    func icelandEdited() throws -> (site: Site, first: SearchIndex, manifest: Manifest, iceland: Int) {
        var site = countriesSite
        site.config.search.shardBudget = 1_024
        let first = SearchIndex(
            site: site, rows: site.only.records.indices.map(PageContexts(site: site, collection: 0).row))
        var manifest = Manifest()
        for file in first.files {
            manifest.entries[file.path] = Manifest.Entry(hash: 1, inputs: file.inputs.map(OutputFile.inputsNumber))
        }
        let population = try #require(site.config.only.fields.firstIndex { $0.id == "population" })
        let iceland = try #require(site.only.records.firstIndex { $0.key == "IS" })
        site.only.records[iceland].values[population] = .integer(1)
        return (site, first, manifest, iceland)
    }

    /// After an edit, a large bucket keeps the parts the edit did not touch and plans the others, and
    /// the index is the one a fresh build makes.
    @Test func aLargeBucketKeepsItsUntouchedParts() throws {
        let (site, _, previous, _) = try icelandEdited()
        let rows = site.only.records.indices.map(PageContexts(site: site, collection: 0).row)
        let rebuilt = SearchIndex(
            site: site, rows: rows, prior: SearchPrior(output: ReuseIndex(previous: previous, missing: [])))
        let fresh = SearchIndex(site: site, rows: rows)
        #expect(rebuilt.manifest == fresh.manifest)
        #expect(rebuilt.files.map(\.path).sorted() == fresh.files.map(\.path).sorted())
        let freshBytes = Dictionary(uniqueKeysWithValues: fresh.files.map { ($0.path, $0.bytes) })
        for file in rebuilt.files where !file.isReused { #expect(file.bytes == freshBytes[file.path], "\(file.path)") }
        // The "i" bucket of names (shards named l-69… and p-69…) holds Iceland: some of its parts are
        // planned again, the others kept.
        let bucketI = rebuilt.files.filter {
            $0.path.hasPrefix("search/name/l-69") || $0.path.hasPrefix("search/name/p-69")
        }
        #expect(bucketI.contains { $0.isReused } && bucketI.contains { !$0.isReused })
        #expect(rebuilt.files.filter { !$0.isReused }.count < fresh.files.count / 4, "most shards are kept")
    }

    /// An update from the last index's memo plans again only the buckets that hold the edited record,
    /// when the last build's files are all there; a bucket whose file is gone is planned again too, and
    /// what either gives is what a fresh index gives.
    @Test func anUpdateKeepsTheBucketsItDoesNotTouchWhenTheirFilesAreThere() throws {
        let (site, first, manifest, iceland) = try icelandEdited()
        let rows = SearchRows(site.only.records.indices.map(PageContexts(site: site, collection: 0).row))
        let fresh = SearchIndex(site: site, rows: rows)
        let freshBytes = Dictionary(uniqueKeysWithValues: fresh.files.map { ($0.path, $0.bytes) })
        func update(_ previous: ReuseIndex) -> SearchIndex {
            SearchIndex(
                site: site, rows: rows, prior: SearchPrior(output: previous, memo: first.memo, changed: [iceland]))
        }
        // A shard of a bucket Iceland is not in ("z": Zambia, Zimbabwe).
        let gone = try #require(first.files.map(\.path).first { $0.hasPrefix("search/name/l-7a") })
        let whole = update(ReuseIndex(previous: manifest, missing: [], keepsEveryFile: true))
        let lacking = update(ReuseIndex(previous: manifest, missing: [gone]))
        for index in [whole, lacking] {
            #expect(index.manifest == fresh.manifest)
            for file in index.files { #expect(file.bytes == freshBytes[file.path], "\(file.path)") }
            #expect(index.files.count < fresh.files.count / 4, "only the buckets planned again give files")
        }
        #expect(!whole.files.contains { $0.path == gone })
        #expect(lacking.files.contains { $0.path == gone })
    }

    @Test func shardFilesAreEscapedJSONInAScriptThatNamesThem() throws {
        let index = SearchIndex(
            site: countriesSite,
            rows: countriesSite.only.records.indices.map(PageContexts(site: countriesSite, collection: 0).row))
        let files = Dictionary(
            uniqueKeysWithValues: index.files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
        #expect(files.keys.allSatisfy { $0.hasSuffix(".js") })
        let path = try #require(files.keys.first { $0.hasPrefix("search/name/l-69.") })
        let name = String(path.dropFirst("search/".count).dropLast(".js".count))
        let script = try #require(files[path])
        // One file for HTTP and file://: the name, then the JSON, which search.js parses between the two ends.
        let head = "__worldfacts(\"\(name)\","
        #expect(script.hasPrefix(head) && script.hasSuffix(");\n"))
        let json = String(script.dropFirst(head.count).dropLast(3))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        #expect((object["r"] as! [Any]).count == object["n"] as! Int)
        // The manifest names it, with its content tag.
        #expect(index.manifest.contains("\"i\":\"" + name.dropFirst("name/".count) + "\""))
        #expect(index.manifest.contains("\"capital\":{\"k\":{"))
        #expect(!files.values.contains { $0.contains("<") })
    }
}
