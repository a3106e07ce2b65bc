import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// What `--stats` reports beside each step's time: the process's memory.
@Suite struct BuildStatsTests {
    @Test func everyStepReportsItsMemory() throws {
        let root = makeTemporaryFolder("stats")
        defer { removeTemporary(root) }
        let report = try Builder().build(
            BuildOptions(
                content: repoPath("Tests/Fixtures/countries"), templates: repoPath("Templates"),
                output: root + "/Output"))
        #expect(
            report.steps.map(\.name) == [
                .checkOutput, .checkSources, .compareLastBuild, .loadContent, .loadTemplates,
                .compileTemplates, .model, .renderAndWrite,
            ])
        // The peak never falls, and it is at least what each step held as it ended.
        let peaks = report.steps.map(\.memory.peak)
        #expect(peaks == peaks.sorted() && peaks[0] > 1 << 20)
        #expect(report.steps.allSatisfy { $0.memory.peak >= ($0.memory.resident ?? 0) && $0.seconds >= 0 })
    }
}
