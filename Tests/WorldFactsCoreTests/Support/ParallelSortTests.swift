import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct ParallelSortTests {
    /// Two halves sorted apart and merged give what one sort gives, across the size where the second
    /// core starts, for values with many repeats (ties broken by position, so the order is total).
    @Test(arguments: [0, 1, 2, 8_191, 8_192, 8_193, 50_001]) func sameAsOneSort(count: Int) {
        var random = SplitMix(state: UInt64(count) + 1)
        let values = (0..<count).map { _ in Int(random.next() % 1_000) }
        let precedes: @Sendable (Int, Int) -> Bool = { a, b in values[a] != values[b] ? values[a] < values[b] : a < b }
        let sorted = Parallel.sortedIndices(count, by: precedes)
        #expect(sorted == (0..<count).sorted(by: precedes))
        #expect(sorted.count == count)
    }
}
