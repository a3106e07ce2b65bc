import Foundation
import WorldFactsModel
import WorldFactsSupport

/// Builds into one folder again and again, as `watch` and `serve` do, keeping the last build's model
/// in memory (`LiveModel`): an edit to records' values makes only the pages it reaches, without
/// loading the last build's manifest or modelling the site again. Whatever else changed is built as
/// `Builder` builds it. The files are those a clean build of the same sources makes, byte for byte.
public final class LiveBuilder: @unchecked Sendable {
    public let builder: Builder
    private let lock = NSLock()
    private var model: LiveModel?
    /// The model's site with records of its own, for the next build's edits.
    private var spare: Spare<Site>?

    public init(builder: Builder = Builder()) {
        self.builder = builder
    }

    /// One build, from the last one's model when there is one. A build that fails leaves the folder as
    /// it was, so the model stays: the next build starts from it (a build killed while writing leaves
    /// its journal, and the next finds the folder is no longer the model's).
    public func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        lock.lock()
        defer { lock.unlock() }
        var last = model
        let given = spare.take()
        let report: BuildReport, kept: LiveModel?
        do {
            (report, kept) = try builder.build(options, live: last, spare: given, keep: true)
        } catch {
            // The model stays, and the next edit goes into a new copy of its site: the failed build may
            // have taken the spare's and put its edits in.
            spare = last.map(Self.spares)
            Leftovers.free(consume given as Any)
            throw error
        }
        model = kept
        spare = kept.map(Self.spares)
        // The last model is freed on another thread: freeing a large site takes a while, and the
        // rebuild's line should not wait for it.
        Leftovers.free(last.take() as Any, consume given as Any)
        return report
    }

    /// Copies of what the next edit changes in place, made on threads of their own while `watch` waits for
    /// it (`Spare`): the model's site with records of its own (`Site.withOwnRecords`), which the edits go
    /// into; its load's records, which the load splices the records it read into; the search index's entry
    /// hashes and floors, which its update changes; and the manifest's text, which the writer patches.
    /// Changing the model's own copies the whole of each first, because the model keeps them for a build
    /// that fails.
    private static func spares(of model: LiveModel) -> Spare<Site> {
        model.loadMemo.makeSpares()
        model.output.makeSpare()
        model.search?.makeSpares()
        let site = Spare<Site>()
        site.make { [site = model.site] in site.withOwnRecords() }
        return site
    }

    /// Whether the next build has a copy of the model's site to put its edits in (for tests).
    var hasSpare: Bool {
        lock.lock()
        defer { lock.unlock() }
        return spare != nil
    }
}
