import Dispatch
import Synchronization
import WorldFactsModel
import WorldFactsOutput

/// Turns what the renderer hands over and what the writer finishes into progress reports: record
/// pages rendered, then the search index, then, once everything is rendered, the files left to write.
final class PhaseProgress: Sendable {
    private let report: (@Sendable (BuildProgress) -> Void)?
    private let records: Int
    private let recordPagesFolders: [String]
    /// Seconds on a monotonic clock; the search index and the writing are timed from when they began.
    private let clock: @Sendable () -> Double
    /// When rendering began, which is when the search index began too.
    private let started: Double
    /// Record pages rendered and files handed to the writer (the rendering thread's), files written
    /// (the writing queue's), once rendering is done how many files there are in all, and when the
    /// first batch went to the writer.
    private let counts = Mutex<(pages: Int, submitted: Int, written: Int, total: Int?, firstBatch: Double?)>(
        (0, 0, 0, nil, nil))

    init(
        report: (@Sendable (BuildProgress) -> Void)?, records: Int, recordPagesFolders: [String],
        clock: @escaping @Sendable () -> Double = PhaseProgress.uptime
    ) {
        self.report = report
        self.records = records
        self.recordPagesFolders = recordPagesFolders.map { $0 + "/" }
        self.clock = clock
        started = clock()
        report?(BuildProgress(phase: .render, done: 0, total: records))
    }

    /// Seconds since boot, monotonic: the clock of the build's steps and phases.
    static let uptime: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// A batch the renderer handed to the writer.
    func rendered(_ files: [OutputFile]) {
        rendered(paths: files.lazy.map(\.path))
    }

    /// `rendered(_:)` of files known by their paths.
    func rendered<Paths: Collection<String>>(paths files: Paths) {
        let pages = files.filter { path in recordPagesFolders.contains { path.hasPrefix($0) } }.count
        let shards = files.filter { $0.hasPrefix("search/") }.count
        let now = clock()
        let done = counts.withLock { counts in
            counts.pages += pages
            counts.submitted += files.count
            counts.firstBatch = counts.firstBatch ?? now
            return counts.pages
        }
        if pages > 0 { report?(BuildProgress(phase: .render, done: done, total: records)) }
        // The index was made alongside the record pages, since rendering began.
        if shards > 0 {
            report?(BuildProgress(phase: .searchIndex, done: shards, total: shards, seconds: now - started))
        }
    }

    /// Seconds since the first batch went to the writer, which is when writing began.
    private func writingSeconds(_ firstBatch: Double?) -> Double? { firstBatch.map { clock() - $0 } }

    /// Everything is rendered: from now on the bar follows the writer.
    func renderingDone() {
        let (written, total, firstBatch) = counts.withLock { counts in
            counts.total = counts.submitted
            return (counts.written, counts.submitted, counts.firstBatch)
        }
        report?(BuildProgress(phase: .write, done: written, total: total, seconds: writingSeconds(firstBatch)))
    }

    /// Called by the writer after each batch.
    @Sendable func written(_ count: Int) {
        let (written, total, firstBatch) = counts.withLock { counts in
            counts.written += count
            return (counts.written, counts.total, counts.firstBatch)
        }
        if let total {
            report?(BuildProgress(phase: .write, done: written, total: total, seconds: writingSeconds(firstBatch)))
        }
    }
}
