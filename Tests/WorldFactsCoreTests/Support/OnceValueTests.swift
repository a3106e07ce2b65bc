import Synchronization
import Testing

@testable import WorldFactsModel
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// A value made once and shared by its holder's copies, and made again once the holder changes what it
/// was made from.
@Suite struct OnceValueTests {
    @Test func aValueIsMadeOnceHoweverOftenItIsAskedForFromManyThreads() async {
        let made = Atomic<Int>(0)
        let once = OnceValue<[Int]> {
            made.add(1, ordering: .relaxed)
            return Array(0..<1000)
        }
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { once.value.count } }
            for await count in group { #expect(count == 1000) }
        }
        #expect(made.load(ordering: .relaxed) == 1)
    }

    @Test func aSitesConfigTextIsItsConfigsAndFollowsItsConfig() {
        var site = Site(config: testConfig(), collections: [], lists: [], groups: [], warnings: [])
        #expect(site.configText == site.config.text)
        let copy = site
        site.config.title = "Another title"
        #expect(site.configText == site.config.text)
        #expect(site.configText.contains("Another title") && !copy.configText.contains("Another title"))
        site.config.strings.notFound = "Nowhere to be found"
        #expect(site.configText.contains("Nowhere to be found"), "a nested change is followed too")
        #expect(copy.configText == copy.config.text)
    }

    @Test func aContentsConfigTextIsSharedWithItsSiteAndFollowsItsConfig() throws {
        var content = Content(config: testConfig(), collections: [], warnings: [], folder: "")
        let site = try SiteModeler().modelWithPositions(content).site
        #expect(site.configText == content.configText && content.configText == content.config.text)
        content.config.title = "Another title"
        #expect(content.configText == content.config.text && content.configText != site.configText)
        #expect(content.configDigest == BulkHash.of(utf8: content.config.text))
    }

    @Test func aScopeMemosShardsByParentFollowItsBuckets() {
        func bucket(_ first: Unicode.Scalar, _ prefixes: [String]) -> BucketMemo {
            BucketMemo(
                first: first, positions: [], leaves: prefixes.map { ShardName(prefix: $0, file: "f-" + $0) },
                splits: [], files: [])
        }
        var memo = ScopeMemo(entryHashes: [], entryFloors: [], buckets: [bucket("a", ["a", "ab", "ac"])])
        let copy = memo
        #expect(memo.shardsByParent.mapValues { $0.map(\.prefix) } == ["": ["a"], "a": ["ab", "ac"]])
        memo.buckets.append(bucket("b", ["b", "ba"]))
        #expect(
            memo.shardsByParent.mapValues { $0.map(\.prefix) } == ["": ["a", "b"], "a": ["ab", "ac"], "b": ["ba"]])
        memo.buckets[0] = bucket("a", ["a"])
        #expect(memo.shardsByParent["a"] == nil, "an element set is followed too")
        #expect(copy.shardsByParent.keys.sorted() == ["", "a"], "a copy keeps its own")
    }
}
