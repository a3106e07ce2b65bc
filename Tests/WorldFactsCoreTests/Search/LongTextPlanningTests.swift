import Foundation
import Testing
import WorldFactsModel

@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// Planning is bounded by the length of a key, not of a text: texts of tens of thousands of characters
/// plan in time linear in their words, every shard's prefix and file name stay within their bounds, and
/// every prefix of every key (longer than a key keeps, too) still reaches its record.
@Suite struct LongTextPlanningTests {
    /// Short records of a few words, and the long ones `long` gives, after them.
    func keys(long: [String], seed: UInt64 = 7) -> SearchKeys {
        var random = SplitMix(state: seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyzéø")
        func word(_ length: Int) -> String {
            String((0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
        }
        var texts: [[String]] = (0..<300).map { _ in
            [(0..<(1 + Int(random.next() % 3))).map { _ in word(2 + Int(random.next() % 6)) }.joined(separator: " ")]
        }
        texts += long.map { [Folding.fold($0)] }
        return SearchKeys(texts: texts)
    }

    func randomWords(characters: Int, seed: UInt64) -> String {
        var random = SplitMix(state: seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var text = ""
        while text.count < characters {
            if !text.isEmpty { text += " " }
            text += String((0..<(2 + Int(random.next() % 8))).map { _ in letters[Int(random.next() % 26)] })
        }
        return text
    }

    /// Entry sizes as a shard holds them: about the bytes of the record's texts.
    func sizes(_ keys: SearchKeys) -> [Int] {
        keys.texts.map { $0.reduce(40) { $0 + $1.utf8.count + 3 } }
    }

    @Test(arguments: [1_024, 16_384])
    func longTextsPlanWithinTheirBoundsAndStayReachable(budget: Int) {
        let long = [
            randomWords(characters: 20_000, seed: 1),
            String(repeating: "q", count: 100_000),
            (0..<10_000).map { _ in "a" }.joined(separator: " "),
            String(repeating: "日本", count: 5_000),
        ]
        let keys = keys(long: long)
        let plans = ShardPlanner(budget: budget, previewSize: 5).plan(keys: keys, entrySize: sizes(keys))
        for plan in plans {
            #expect(plan.prefix.utf8.count <= SearchKeys.maxKeyBytes, "prefix of \(plan.prefix.utf8.count) bytes")
            let name = ScopeShards.fileName(kind: plan.kind, prefix: plan.prefix, tag: HashedName.tag(0))
            #expect(name.utf8.count <= 2 + 2 * 64 + 1 + HashedName.digits)
        }
        // A record is copied into no more shards than it has word starts.
        let first = keys.texts.count - long.count
        for (offset, text) in long.enumerated() {
            let words = 1 + Folding.laterWordStarts(Folding.fold(text)).count
            let holding = plans.filter { $0.kind == .leaf && $0.records.contains(first + offset) }.count
            #expect(holding >= 1 && holding <= words, "long text \(offset) is in \(holding) leaves")
        }
        // Every prefix, up to twice a key's length, of a sample of each record's keys reaches it.
        let router = ShardRouter(plans: plans)
        let byPrefix = Dictionary(uniqueKeysWithValues: plans.map { ($0.prefix, $0) })
        for record in keys.texts.indices {
            let text = keys.texts[record][0]
            let starts = [Substring(text)] + Folding.laterWordStarts(text)
            for start in starts.enumerated().filter({ $0.offset % 97 == 0 }).map(\.element) {
                var query = ""
                for scalar in start.unicodeScalars.prefix(2 * SearchKeys.maxKeyBytes) {
                    query.unicodeScalars.append(scalar)
                    switch router.route(query) {
                    case .leaf(let prefix):
                        #expect(byPrefix[prefix]!.records.contains(record), "'\(query.prefix(20))…' misses \(record)")
                    case .preview(let prefix):
                        #expect(byPrefix[prefix]!.total >= 1)
                    case .none:
                        Issue.record("'\(query.prefix(20))…' routes nowhere")
                    }
                }
            }
        }
    }

    /// A key cut at `maxKeyBytes` in the middle of its text ends at a node that another key goes on below:
    /// that node must stay a leaf, or a longer query that the cut text matches would route nowhere. (Three
    /// bytes a scalar: a run of 日 is cut after 21, while 21 of them and a letter fit in 64 bytes.)
    @Test(arguments: [64, 1_024])
    func aKeyCutShortIsFoundByLongerQueries(budget: Int) {
        let run = String(repeating: "日", count: 21)
        let texts =
            [[String(repeating: "日", count: 30)]] + "abcdefgh".map { [run + String($0) + "x"] }
            + [[String(repeating: "\u{FFFD}", count: 40) + "san"]] + [[String(repeating: "\u{FFFD}", count: 21) + "s"]]
        let keys = SearchKeys(texts: texts)
        let plans = ShardPlanner(budget: budget, previewSize: 2).plan(
            keys: keys, entrySize: texts.map { $0.reduce(40) { $0 + $1.utf8.count } })
        let router = ShardRouter(plans: plans)
        let byPrefix = Dictionary(uniqueKeysWithValues: plans.map { ($0.prefix, $0) })
        for (record, text) in texts.enumerated() {
            var query = ""
            for scalar in text[0].unicodeScalars {
                query.unicodeScalars.append(scalar)
                switch router.route(query) {
                case .leaf(let prefix): #expect(byPrefix[prefix]!.records.contains(record), "\(record): \(query)")
                case .preview(let prefix): #expect(byPrefix[prefix]!.total >= 1)
                case .none:
                    Issue.record("record \(record): a query of \(query.unicodeScalars.count) scalars routes nowhere")
                }
            }
        }
    }
}
