import Foundation
import WorldFactsLoad
import WorldFactsModel
import WorldFactsRender
import WorldFactsSearch
import WorldFactsSupport

/// A build's snapshot as the build saves it (`BuildSnapshot`): its head, all that the model step decided,
/// encoded into its file on a thread of its own while the pages render; its last part, the row inputs
/// and the search index's memo, as soon as the index is made, while the index's files and pages are
/// written; and the file closed once the writes are done. A build that fails leaves no half-written
/// snapshot: `discardUnlessSaved` waits for the encoding and removes what it wrote.
///
/// Used by the build's own thread only; the encoding threads hand their writer back through `take`.
final class SnapshotSaving: @unchecked Sendable {
    let file: SnapshotFile
    private let head: BackgroundValue<BinaryWriter>
    private var finishing: BackgroundValue<BinaryWriter>?
    private var saved = false
    /// The default language's search memo, which a language's block writes its own beside.
    private var defaultSearch: SearchMemo?

    /// Starts encoding the head with `encodeHead`, handed a writer into `file`.
    init(file: SnapshotFile, encodeHead: @escaping @Sendable (BinaryWriter) -> BinaryWriter) {
        self.file = file
        head = BackgroundValue.onOwnThread { encodeHead(file.writer()) }
    }

    /// Starts encoding the last part, after the head.
    func finish(rowInputs: [[UInt64]]?, search: SearchMemo?, scopes: [SearchScope]) {
        defaultSearch = search
        let head = self.head
        finishing = BackgroundValue.onOwnThread {
            BuildSnapshot.finish(head.take(), rowInputs: rowInputs, search: search, scopes: scopes)
        }
    }

    /// Starts encoding a language's block (`SnapshotLanguages`) once the language is made, and appending it
    /// after what is encoded already: the languages' blocks follow the default's part in `languages:`
    /// order. Each block is encoded before its thread waits for the ones before it, so the blocks of
    /// languages made at once are encoded at once, not one after another at the end of the build.
    func add(language: LanguageModel, defaultSite: Site) {
        guard let before = finishing else { return }
        let defaultSearch = self.defaultSearch
        finishing = BackgroundValue.onOwnThread {
            let block = SnapshotLanguages.block(
                of: language, defaultSite: defaultSite, defaultSearch: defaultSearch)
            var writer = before.take()
            BuildSnapshot.append(language: block, to: &writer)
            return writer
        }
    }

    /// Waits for the encoding, closes the file and prunes the cache folder around it. A snapshot that
    /// cannot be saved costs the next build its speed, not its result: a warning. Nothing is saved when
    /// the last part was never started.
    func close(cache: String?) -> Diagnostic? {
        guard let finishing else { return nil }
        _ = finishing.take()
        saved = true
        let problem = file.close()
        if problem == nil, let cache {
            SnapshotCache(folder: cache, fileSystem: file.fileSystem).prune(
                keeping: file.path, now: Int64(Date().timeIntervalSince1970 * 1e9))
        }
        return problem
    }

    /// For a build that failed, or saved nothing: waits for the encoding, then removes what it wrote.
    func discardUnlessSaved() {
        guard !saved else { return }
        if let finishing { _ = finishing.wait() } else { _ = head.wait() }
        file.discard()
    }
}

extension Builder {
    /// Starts saving this build's snapshot, when it saves one (`PriorBuild.snapshotPath`): its head is
    /// encoded while the pages render.
    func startSnapshot(
        _ options: BuildOptions, prior: inout PriorBuild, sources: CheckedSources, content: Content,
        loadMemo: ContentLoader.Memo?, templates: TemplateSet, theme: Theme, modelled: ModelledSite
    ) -> SnapshotSaving? {
        guard let path = prior.snapshotPath, let loadMemo else { return nil }
        let outputName = BuildSnapshot.outputName(options.output, fileSystem: fileSystem)
        // The last snapshot's bytes are kept, by this encoding only, until it has copied the unchanged
        // records from them.
        let lastRecords = prior.snapshot.take()?.encodedRecords
        return SnapshotSaving(file: SnapshotFile(path: path, fileSystem: fileSystem)) {
            [assets = theme.assets, digest = sources.digest, site = modelled.site, positions = modelled.positions]
            writer in
            BuildSnapshot.head(
                into: writer, output: outputName, sources: digest, content: content, loadMemo: loadMemo,
                templates: templates, assets: assets, positions: positions, site: site, reusing: lastRecords)
        }
    }

    /// Finishes saving the snapshot, when the build saves one: a snapshot that cannot be saved is a warning.
    func saveSnapshot(
        _ saving: SnapshotSaving?, options: BuildOptions, report: inout BuildReport, steps: inout BuildSteps
    ) throws(BuildFailure) {
        guard let saving else { return }
        let problem = try steps.run(.saveSnapshot) { saving.close(cache: options.cache) }
        report.warnings += problem.map { [$0] } ?? []
    }
}
