import Foundation
import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// The progress reports the bars are drawn from. A phase that began before its first report says how
/// long it has been at work, so that its rate is not its count over the instant its bar appeared.
@Suite struct PhaseProgressTests {
    /// A clock the test moves by hand, and every report, in order.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var time = 10.0
        private(set) var reports: [BuildProgress] = []
        func now() -> Double { lock.withLock { time } }
        func advance(to time: Double) { lock.withLock { self.time = time } }
        func record(_ report: BuildProgress) { lock.withLock { reports.append(report) } }
    }

    @Test func phasesThatBeganEarlierAreTimedFromWhenTheyBegan() {
        let recorder = Recorder()
        let phases = PhaseProgress(
            report: { recorder.record($0) }, records: 3, recordPagesFolders: ["cities"],
            clock: { recorder.now() })
        recorder.advance(to: 11)
        phases.rendered(["cities/1.html", "cities/2.html", "cities/3.html"].map { OutputFile(path: $0, text: "p") })
        recorder.advance(to: 12)
        phases.written(3)  // before rendering is done: no write bar yet
        recorder.advance(to: 12.5)
        phases.rendered(
            ["search/city/l-61.json", "search/city/l-61.js", "index.html"].map { OutputFile(path: $0, text: "s") })
        recorder.advance(to: 13)
        phases.renderingDone()
        recorder.advance(to: 14)
        phases.written(3)
        #expect(
            recorder.reports == [
                BuildProgress(phase: .render, done: 0, total: 3),
                BuildProgress(phase: .render, done: 3, total: 3),
                // Made alongside the pages since rendering began at 10.
                BuildProgress(phase: .searchIndex, done: 2, total: 2, seconds: 2.5),
                // Writing began with the first batch, at 11.
                BuildProgress(phase: .write, done: 3, total: 6, seconds: 2),
                BuildProgress(phase: .write, done: 6, total: 6, seconds: 3),
            ])
    }

    @Test func loadReportsTheRecordsItLoaded() throws {
        let root = makeTemporaryFolder("progress")
        defer { removeTemporary(root) }
        let recorder = Recorder()
        let report = try Builder(progress: { recorder.record($0) }).build(
            BuildOptions(
                content: repoPath("Tests/Fixtures/countries"), templates: repoPath("Templates"),
                output: root + "/Output"))
        let load = recorder.reports.filter { $0.phase == .loadContent }
        let loadStep = try #require(report.steps.first { $0.name == .loadContent })
        #expect(
            load == [
                BuildProgress(phase: .loadContent, done: 0, total: 0),
                BuildProgress(phase: .loadContent, done: 252, total: 252, seconds: loadStep.seconds),
            ])
        #expect(
            recorder.reports.last
                == BuildProgress(
                    phase: .write, done: report.write.written.count + report.write.unchanged,
                    total: report.write.written.count + report.write.unchanged,
                    seconds: recorder.reports.last?.seconds))
        #expect((recorder.reports.last?.seconds ?? 0) > 0)
    }
}
