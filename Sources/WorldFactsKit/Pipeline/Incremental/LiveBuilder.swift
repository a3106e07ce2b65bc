import Foundation
import WorldFactsModel
import WorldFactsSearch
import WorldFactsSupport

/// Builds into one folder again and again, as `watch` and `serve` do, keeping the last build's model
/// in memory (`PriorModel`): an edit to records' values makes only the pages it reaches, without
/// loading the last build's manifest or modelling the site again. Whatever else changed is built as
/// `Builder` builds it. The files are those a clean build of the same sources makes, byte for byte.
public final class LiveBuilder: @unchecked Sendable {
    public let builder: Builder
    private let lock = NSLock()
    private var model: PriorModel?
    /// The model's site with records of its own, for the next build's edits, and the other copies an edit
    /// changes in place: started on a thread of their own once a build is done (`preparing`).
    private var prepared: BackgroundValue<PreparedCopy<Site>>?

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
        let given = prepared.take()?.take()
        let report: BuildReport, kept: PriorModel?
        do {
            (report, kept) = try builder.build(options, watch: WatchModel(last: last, prepared: given))
        } catch {
            // The model stays, and the next edit goes into a new copy of its site: the failed build may
            // have taken the prepared copy's site and put its edits in.
            prepared = last.map(Self.preparing)
            DeferredRelease.free(consume given as Any)
            throw error
        }
        model = kept
        prepared = kept.map(Self.preparing)
        // The last model is freed on another thread: freeing a large site takes a while, and the
        // rebuild's line should not wait for it.
        DeferredRelease.free(last.take() as Any, consume given as Any)
        return report
    }

    /// `preparedCopies` started on a thread of its own, which the next build waits for before it begins
    /// (each copy is then made, or being made): started on the build's thread, the copies of every
    /// language's search memos held the rebuild's line back by several milliseconds, the English copies' by
    /// one or two.
    private static func preparing(_ model: PriorModel) -> BackgroundValue<PreparedCopy<Site>> {
        BackgroundValue.onOwnThread { preparedCopies(of: model) }
    }

    /// Copies of what the next edit changes in place, made on threads of their own while `watch` waits for
    /// it (`PreparedCopy`): the model's site with records of its own (`Site.withOwnRecords`), which the edits go
    /// into; its load's records, which the load splices the records it read into; the search indexes' entry
    /// hashes and floors, every language's, which their updates change; and the manifest's text, which the
    /// writer patches. Changing the model's own copies the whole of each first, because the model keeps them
    /// for a build that fails. And the search indexes' large buckets, which an edit in one plans
    /// (`SearchMemo.prepareBuckets`).
    private static func preparedCopies(of model: PriorModel) -> PreparedCopy<Site> {
        model.loadMemo.prepareCopies()
        model.output.prepareCopy()
        var memos = model.search.map { [($0, model.content.config.search.scopes, Set<Int>())] } ?? []
        if case .live(let languages) = model.languages {
            memos += languages.compactMap { language in
                language.search.map {
                    (
                        $0, language.content.config.search.scopes,
                        SiteGenerator.sharedScopes(of: language.site, with: model.site)
                    )
                }
            }
        }
        for (memo, _, shared) in memos { memo.prepareCopies(skipping: shared) }
        SearchMemo.prepareBuckets(memos)
        let site = PreparedCopy<Site>()
        site.make { [site = model.site] in site.withOwnRecords() }
        return site
    }

    /// Whether the next build has a copy of the model's site to put its edits in (for tests).
    var hasPreparedCopy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return prepared != nil
    }
}
