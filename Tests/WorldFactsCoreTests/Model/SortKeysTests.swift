import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct SortKeysTests {
    /// 3,000 titles sort on one core, 20,000 on two (`Parallel.sortedIndices`): by bucket, then by ICU's
    /// order, then by key.
    @Test(arguments: [3_000, 20_000]) func sortAsBucketsThenCollation(count: Int) {
        var random = SplitMix(state: 9)
        let pieces = [
            "a", "A", "á", "Å", "b", "é", "E", "ß", "ss", "1", " ", "-", "'", "Ω", "ø", "z", "Z", "ǆ", "ﬁ", "日",
        ]
        let titles = (0..<count).map { _ in
            (0..<Int(1 + random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        let keys = titles.indices.map { "k\($0 % 7)" }  // ties on purpose: the key breaks them
        let collation = Collation.of("sv")
        let buckets = titles.map(collation.bucket(of:))
        let sortKeys = titles.map(collation.sortKey)
        let expected = titles.indices.sorted { a, b in
            if buckets[a] != buckets[b] { return buckets[a] < buckets[b] }
            let order = ByteOrder.compare(sortKeys[a], sortKeys[b])
            return order != 0 ? order < 0 : keys[a] < keys[b]
        }
        let packed = titles.withSharedElements { titles in
            SortKeys(count: titles.count, collation: collation) { titles[$0] }
        }
        #expect(packed.buckets == buckets)
        // Equal titles with equal keys may come in either order; compare what each position holds.
        #expect(
            packed.order(tieBreaks: keys).map { titles[$0] + "|" + keys[$0] }
                == expected.map { titles[$0] + "|" + keys[$0] })
    }
}
