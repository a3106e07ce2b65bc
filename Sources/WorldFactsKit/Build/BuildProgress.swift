import Synchronization

/// How far a build is: `done` of `total` units of a phase: "load", "render" (record pages), "search
/// index" (shard files, once the index is made), "write" (files, once everything is rendered).
public struct BuildProgress: Sendable, Equatable {
    public var phase: String
    public var done: Int
    public var total: Int
}

/// Turns what the renderer hands over and what the writer finishes into progress reports: record
/// pages rendered, then the search index, then, once everything is rendered, the files left to write.
final class PhaseProgress: Sendable {
    private let report: (@Sendable (BuildProgress) -> Void)?
    private let records: Int
    private let recordPagesFolder: String
    /// Record pages rendered and files handed to the writer (the rendering thread's), files written
    /// (the writing queue's), and, once rendering is done, how many files there are in all.
    private let counts = Mutex<(pages: Int, submitted: Int, written: Int, total: Int?)>((0, 0, 0, nil))

    init(report: (@Sendable (BuildProgress) -> Void)?, records: Int, recordPagesFolder: String) {
        self.report = report
        self.records = records
        self.recordPagesFolder = recordPagesFolder + "/"
        report?(BuildProgress(phase: "render", done: 0, total: records))
    }

    /// A batch the renderer handed to the writer.
    func rendered(_ files: [OutputFile]) {
        let pages = files.filter { $0.path.hasPrefix(recordPagesFolder) }.count
        let shards = files.filter { $0.path.hasPrefix("search/") }.count
        let done = counts.withLock { counts in
            counts.pages += pages
            counts.submitted += files.count
            return counts.pages
        }
        if pages > 0 { report?(BuildProgress(phase: "render", done: done, total: records)) }
        if shards > 0 { report?(BuildProgress(phase: "search index", done: shards, total: shards)) }
    }

    /// Everything is rendered: from now on the bar follows the writer.
    func renderingDone() {
        let (written, total) = counts.withLock { counts in
            counts.total = counts.submitted
            return (counts.written, counts.submitted)
        }
        report?(BuildProgress(phase: "write", done: written, total: total))
    }

    /// Called by the writer after each batch.
    @Sendable func written(_ count: Int) {
        let (written, total) = counts.withLock { counts in
            counts.written += count
            return (counts.written, counts.total)
        }
        if let total { report?(BuildProgress(phase: "write", done: written, total: total)) }
    }
}
