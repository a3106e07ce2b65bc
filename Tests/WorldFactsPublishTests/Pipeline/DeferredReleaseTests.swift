import Testing

@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

@Suite struct DeferredReleaseTests {
    final class Tracked {}

    @Test func areFreedOnAnotherThread() async throws {
        let tracked = Tracked()
        weak let watched = tracked
        DeferredRelease.free(consume tracked)
        for _ in 0..<200 where watched != nil { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(watched == nil, "what a build leaves is freed, not kept")
    }
}
