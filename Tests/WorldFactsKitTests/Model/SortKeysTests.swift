import Testing

@testable import WorldFactsModel

@Suite struct SortKeysTests {
    /// 3,000 titles sort on one core, 20,000 on two (`Parallel.sortedIndices`).
    @Test(arguments: [3_000, 20_000]) func sortAsSectionsThenCollationKeys(count: Int) {
        var random = SplitMix(state: 9)
        let pieces = [
            "a", "A", "á", "Å", "b", "é", "E", "ß", "ss", "1", " ", "-", "'", "Ω", "ø", "z", "Z", "ǆ", "ﬁ", "日",
        ]
        let titles = (0..<count).map { _ in
            (0..<Int(1 + random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        let keys = titles.indices.map { "k\($0 % 7)" }  // ties on purpose: the key breaks them
        let letters = titles.map(SectionLetter.of(title:))
        let collation = zip(titles, keys).map { CollationKey(title: $0, tieBreak: $1) }
        let expected = titles.indices.sorted { a, b in
            if letters[a] != letters[b] { return SectionLetter.precedes(letters[a], letters[b]) }
            return collation[a] < collation[b]
        }
        let packed = SortKeys(letters: letters, keys: collation).order(tieBreaks: keys)
        // Equal titles with equal keys may come in either order; compare what each position holds.
        #expect(packed.map { titles[$0] + "|" + keys[$0] } == expected.map { titles[$0] + "|" + keys[$0] })
    }
}
