import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The planner on collections nobody here wrote, against brute force: seeded titles of Zipf-distributed
/// words in several scripts, "airport" in nine of ten, "san" or "saint" first in many, duplicates, digits,
/// and very long and very short titles. Every shard stays within the budget but the two leaves that may
/// not; every query routes to a leaf that holds exactly its BEGINSWITH[cd] matches, or to the preview of
/// exactly its prefix, which counts them all and holds the first of them in search order.
@Suite struct GeneratedShardsTests {
    /// `count` folded titles (as `SearchKeys` keeps them) from `seed`.
    static func titles(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix(state: seed)
        let syllables = [
            "ka", "ro", "mi", "san", "tel", "vo", "ber", "lu", "na", "e", "ix", "ка", "ро", "κα", "カ", "كا",
        ]
        var vocabulary: [String] = []
        while vocabulary.count < 300 {
            let word =
                Int.random(in: 0..<25, using: &random) == 0
                ? String(Int.random(in: 0..<999, using: &random))
                : (0..<Int.random(in: 1...3, using: &random)).map { _ in syllables.randomElement(using: &random)! }
                    .joined()
            if !vocabulary.contains(word) { vocabulary.append(word) }
        }
        // Zipf: the word of rank r drawn in proportion to 1 / (r + 1).
        let weights = vocabulary.indices.map { 1 / Double($0 + 1) }
        let total = weights.reduce(0, +)
        func zipf() -> String {
            var left = Double.random(in: 0..<total, using: &random)
            for (index, weight) in weights.enumerated() {
                left -= weight
                if left < 0 { return vocabulary[index] }
            }
            return vocabulary[vocabulary.count - 1]
        }
        var titles: [String] = []
        for _ in 0..<count {
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 5, let earlier = titles.randomElement(using: &random) {
                titles.append(earlier)
            } else if roll < 6 {
                titles.append(String(zipf().prefix(1)))
            } else if roll < 8 {
                titles.append((0..<Int.random(in: 15...40, using: &random)).map { _ in zipf() }.joined(separator: " "))
            } else {
                var words = (0..<Int.random(in: 1...3, using: &random)).map { _ in zipf() }
                if Int.random(in: 0..<4, using: &random) == 0 { words.insert(["san", "saint"][roll % 2], at: 0) }
                if Int.random(in: 0..<10, using: &random) < 9 { words.append("airport") }
                titles.append(words.joined(separator: " "))
            }
        }
        return titles
    }

    /// Every record's texts from each of their word starts, as bytes in byte order: the records whose text,
    /// or a later word of it, starts with a query are the run of starts from where the query would be
    /// inserted. (The titles have no combining marks, so a prefix of characters is a prefix of bytes.) The
    /// tests' own code is not optimized: a scan of every start for every query took most of the suite's
    /// time.
    struct WordStarts {
        let sorted: [(bytes: [UInt8], record: Int)]

        let texts: [[Substring]]

        init(_ starts: [[Substring]]) {
            texts = starts
            sorted = starts.enumerated()
                .flatMap { record, texts in texts.map { (bytes: Array($0.utf8), record: record) } }
                .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        }

        func matches(_ query: String) -> Set<Int> {
            let query = Array(query.utf8)
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].bytes.lexicographicallyPrecedes(query) { low = middle + 1 } else { high = middle }
            }
            var found = Set<Int>()
            while low < sorted.count, sorted[low].bytes.starts(with: query) {
                found.insert(sorted[low].record)
                low += 1
            }
            return found
        }

        /// The same records found by testing every start: the check of `matches` on a sample of queries.
        func scanned(_ query: String) -> Set<Int> {
            Set(texts.indices.filter { record in texts[record].contains { $0.hasPrefix(query) } })
        }
    }

    @Test(arguments: [(UInt64(1), 2_000, 2_048), (UInt64(2), 3_000, 4_096)])
    func aGeneratedCollectionIsBoundedAndExact(seed: UInt64, count: Int, budget: Int) {
        let titles = Self.titles(seed: seed, count: count)
        let texts = titles.map { [$0] }
        let keys = SearchKeys(texts: texts)
        let starts = WordStarts(titles.map { [Substring($0)] + Folding.laterWordStarts($0) })
        let sizes = titles.map { 40 + $0.utf8.count }
        let scores = titles.indices.map { $0 % 9 == 0 ? nil : Double(($0 * 7_919) % 1_000) }
        let plans = ShardPlanner(budget: budget, previewSize: 5).plan(keys: keys, entrySize: sizes, scores: scores)
        #expect(titles.filter { $0.hasSuffix("airport") }.count > count * 8 / 10)
        let byPrefix = Dictionary(uniqueKeysWithValues: plans.map { ($0.prefix, $0) })
        // Within the budget: every leaf of several records whose prefix is shorter than a cut key.
        ShardPlannerTests.expectBounded(plans, sizes: sizes, budget: budget, preview: 5)
        #expect(byPrefix["airport"]?.kind == .preview, "the word in nine titles of ten is a preview")
        // Queries: prefixes of every word start of a sample of titles (several words in a row among them),
        // and random text.
        var random = SplitMix(state: seed &+ 99)
        var queries = Set<String>()
        for title in titles.shuffled(using: &random).prefix(150) {
            for start in [Substring(title)] + Folding.laterWordStarts(title) {
                var prefix = ""
                for scalar in start.unicodeScalars.prefix(30) {
                    prefix.unicodeScalars.append(scalar)
                    queries.insert(prefix)
                }
            }
        }
        for _ in 0..<200 {
            queries.insert(
                String(
                    (0..<Int.random(in: 1...6, using: &random)).map { _ in
                        "aeiknorst кα ".randomElement(using: &random)!
                    }))
        }
        let router = ShardRouter(plans: plans)
        var previews = 0
        for (number, query) in queries.sorted().enumerated() where !query.trimmingCharacters(in: .whitespaces).isEmpty {
            let all = starts.matches(query)
            if number % 40 == 0 { #expect(all == starts.scanned(query), "query '\(query)'") }
            switch router.route(query) {
            case .leaf(let prefix):
                let found = Set(byPrefix[prefix]!.records).intersection(all)
                #expect(found == all, "query '\(query)'")
            case .preview(let prefix):
                previews += 1
                #expect(prefix == query)
                let plan = byPrefix[prefix]!
                #expect(plan.total == all.count, "query '\(query)'")
                // The first in search order: a text equal to the query, the score, whole-field, record.
                func key(_ record: Int) -> (Int, Double, Int, Int) {
                    (
                        titles[record] == query ? 0 : 1, -(scores[record] ?? -.infinity),
                        titles[record].hasPrefix(query) ? 0 : 1, record
                    )
                }
                #expect(plan.records == Array(all.sorted { key($0) < key($1) }.prefix(5)), "preview '\(query)'")
            case .none:
                #expect(all.isEmpty, "query '\(query)' routes nowhere but matches \(all.count) records")
            }
        }
        #expect(previews > 20, "the queries reached previews")
    }
}
