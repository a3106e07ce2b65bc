import Foundation
import WorldFactsSupport

/// Builds into one folder again and again, as `watch` and `serve` do, keeping the last build's model
/// in memory (`LiveModel`): an edit to records' values makes only the pages it reaches, without
/// loading the last build's manifest or modelling the site again. Whatever else changed is built as
/// `Builder` builds it. The files are those a clean build of the same sources makes, byte for byte.
public final class LiveBuilder: @unchecked Sendable {
    public let builder: Builder
    private let lock = NSLock()
    private var model: LiveModel?

    public init(builder: Builder = Builder()) {
        self.builder = builder
    }

    /// One build, from the last one's model when there is one. A failed build drops the model: the
    /// next starts from the folder.
    public func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        lock.lock()
        defer { lock.unlock() }
        let live = model
        model = nil
        let (report, kept) = try builder.build(options, live: live, keep: true)
        model = kept
        return report
    }
}
