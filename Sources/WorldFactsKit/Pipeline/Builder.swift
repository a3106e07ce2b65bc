import Foundation
import WorldFactsLoad
import WorldFactsModel
import WorldFactsRender
import WorldFactsSearch
import WorldFactsSupport
import WorldFactsWrite

/// The build as a list of named steps: check output, check sources, load content, load templates,
/// model, render and write. All validation happens before the first byte is written, and a build that
/// fails while writing undoes what it wrote (`OutputWriter.rollback`), so a failing build leaves Output
/// as it was; a failure names the step that found it. When the sources are byte for byte
/// those of the last build and its files are all there, the build stops after checking the sources, and
/// reports the last build's warnings again.
public struct Builder: Sendable {
    public var fileSystem: FileSystem
    /// Called as the build advances; nil to stay silent.
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// Called before waiting for another build that holds the output folder, with its pid if known.
    public var waiting: (@Sendable (Int?) -> Void)?

    public init(
        fileSystem: FileSystem = .disk, progress: (@Sendable (BuildProgress) -> Void)? = nil,
        waiting: (@Sendable (Int?) -> Void)? = nil
    ) {
        self.fileSystem = fileSystem
        self.progress = progress
        self.waiting = waiting
    }

    public func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        try build(options, live: nil, keep: false).report
    }

    /// A build that may start from `live`, the model of the last build into the same folder, kept in
    /// memory (`LiveBuilder`): when only records' values changed since (`ValueEdits`), the site is that
    /// model with the edits put in, and only the pages they reach are made again (`EditReach`); when
    /// nothing changed, nothing is done. With `keep`, gives this build's model to start the next from.
    /// `spare`: `live`'s site with records of its own, which the edits go into in place.
    func build(
        _ options: BuildOptions, live: LiveModel?, spare: Spare<Site>? = nil, keep: Bool
    ) throws(BuildFailure) -> (report: BuildReport, model: LiveModel?) {
        let leftovers = Leftovers()
        // Once the build's locals are gone, what it put aside is freed on another thread.
        defer { leftovers.free() }
        return try build(options, live: live, spare: spare, keep: keep, leftovers: leftovers)
    }

    private func build(
        _ options: BuildOptions, live: LiveModel?, spare: Spare<Site>?, keep: Bool, leftovers: Leftovers
    ) throws(BuildFailure) -> (report: BuildReport, model: LiveModel?) {
        var steps: [BuildStep] = []
        /// Runs one step: times it, and stamps its name on any failure from inside it.
        func step<T>(_ name: StepName, _ body: () throws(StageFailure) -> T) throws(BuildFailure) -> T {
            let start = PhaseProgress.uptime()
            defer { steps.append(BuildStep(name: name, seconds: PhaseProgress.uptime() - start, memory: .now())) }
            do { return try body() } catch { throw BuildFailure(step: name, diagnostics: error.diagnostics) }
        }
        // One build at a time per output folder: the folder's lock is held until this build returns.
        let lock = try step(.checkOutput) { () throws(StageFailure) -> FolderLock in
            let outputGuard = OutputGuard(fileSystem: fileSystem)
            try outputGuard.checkPlace(
                output: options.output, inputs: [options.content, options.templates], cache: options.cache)
            let lock = try lockOutput(options)
            do throws(StageFailure) {
                try outputGuard.checkContents(output: options.output, force: options.force)
            } catch {
                lock.release()
                throw error
            }
            return lock
        }
        defer { lock.release() }
        // From the command line, the last build's snapshot is read while the sources are checked.
        let early =
            live == nil && !keep && !options.clean
            ? options.cache.map { folder in
                BackgroundValue.onOwnThread { [self] in
                    readSnapshot(
                        BuildSnapshot.path(in: folder, output: options.output, fileSystem: fileSystem),
                        output: options.output)
                }
            } : nil
        // Links that lead out of the sources are refused before anything reads through them.
        let (sources, linkWarnings, read) = try step(.checkSources) { () throws(StageFailure) in
            var warnings: [Diagnostic] = []
            for (folder, role) in [(options.content, "content"), (options.templates, "templates")] {
                warnings += try SourceLinks.check(
                    folder: folder, role: role, fileSystem: fileSystem, followOutside: options.followSymlinks)
            }
            let (digest, kept) = try SourceDigest.read(
                folders: [options.content, options.templates], fileSystem: fileSystem)
            return (digest, warnings, kept)
        }
        // The large files the digest read (records files): the load takes them from there.
        var digested: [String: [UInt8]]? = read
        // The live model holds what the folder holds only while the folder's manifest is the one its
        // build saved (no other build wrote there since, none was interrupted there).
        var checked: LiveModel?
        if let live {
            checked = try step(.compareLastBuild) {
                OutputWriter.lastSources(folder: options.output, fileSystem: fileSystem) == live.sources ? live : nil
            }
        }
        let live = checked
        // From the command line, the last build's snapshot is read and a new one saved (`BuildSnapshot`).
        let snapshotPath =
            live == nil && !keep
            ? options.cache.map { BuildSnapshot.path(in: $0, output: options.output, fileSystem: fileSystem) } : nil
        let keepsModel = keep || snapshotPath != nil
        if let live, live.sources == sources {
            let report = BuildReport(
                records: live.site.recordCount, write: WriteReport(unchanged: live.files, reused: live.files),
                warnings: linkWarnings + live.site.warnings, steps: steps)
            return (report, live)
        }
        // A build that keeps its model makes it even when nothing changed since the last build.
        if live == nil, !keep, !options.clean,
            let last = try step(
                .compareLastBuild,
                {
                    OutputWriter.upToDate(folder: options.output, fileSystem: fileSystem, sources: sources)
                })
        {
            return (
                BuildReport(
                    records: last.records, write: WriteReport(unchanged: last.files, reused: last.files),
                    warnings: last.warnings, steps: steps), nil
            )
        }
        // The last build's manifest is read while the content loads: it only reads.
        let previous = BackgroundValue.onOwnThread({ [fileSystem] in
            Result { () throws(StageFailure) in
                if let live { return live.output }
                return try OutputWriter.readPrevious(folder: options.output, fileSystem: fileSystem)
            }
        })
        var stored: BuildSnapshot?
        if let snapshotPath, !options.clean {
            stored = try step(.readSnapshot) {
                early.map { $0.take() } ?? readSnapshot(snapshotPath, output: options.output)
            }
        }
        // The rest of the snapshot is read while the content loads, with the config site.yml gives now.
        let rest = BackgroundValue.onOwnThread({ [stored, fileSystem] in
            stored.flatMap { stored in
                let path = joinPath(options.content, "site.yml")
                return (try? fileSystem.read(path)).flatMap { String(validating: $0, as: UTF8.self) }
                    .flatMap { SiteConfigLoader(file: path).load(text: $0).0 }
                    .flatMap { stored.rest(config: $0, folder: options.content) }
            }
        })
        progress?(BuildProgress(phase: .loadContent, done: 0, total: 0))
        // A build that keeps its model keeps what its load read, for the next load to keep what is unchanged.
        let (content, memo) = try step(.loadContent) { () throws(StageFailure) in
            try ContentLoader(folder: options.content, fileSystem: fileSystem.serving(digested.take() ?? [:])).load(
                reusing: keepsModel ? live?.loadMemo ?? stored?.loadMemo ?? ContentLoader.Memo() : nil)
        }
        // Kept for the next build: by the live model, or by the snapshot, whose thread lets it go once it
        // is encoded.
        var loadMemo: ContentLoader.Memo? = consume memo
        progress?(
            BuildProgress(
                phase: .loadContent, done: content.recordCount, total: content.recordCount,
                seconds: steps.last?.seconds))
        let theme = try step(.loadTemplates) { () throws(StageFailure) in
            try ThemeLoader(folder: options.templates, fileSystem: fileSystem).load()
        }
        let templates = try step(.compileTemplates) { () throws(StageFailure) in try TemplateSet(theme: theme) }
        // The snapshot's model, when it was made with the same config, templates and assets.
        var fromSnapshot: LiveModel?
        if let stored {
            fromSnapshot = try step(.readSnapshot) {
                guard let read = rest.take(), case .success(let output) = previous.wait() else { return nil }
                return stored.model(rest: read, templates: templates, theme: theme, output: output)
            }
        }
        let startsFromSnapshot = fromSnapshot != nil
        // Taken, so that the model is freed with the build's other leftovers, not when this function returns.
        var last = live ?? fromSnapshot.take()
        // Only records' values changed: the last model with the edits in.
        let (site, edits, modelled) = try step(.model) { () throws(StageFailure) -> (Site, ValueEdits?, [[Int]]?) in
            guard last != nil, let edits = last!.edits(to: content, templates: templates, theme: theme) else {
                let (site, positions) = try SiteModeler().modelWithPositions(content)
                return (site, nil, positions)
            }
            // The edits go into a site whose records nothing else holds, replaced where they are: the live
            // model's spare (the live model keeps its own for a build that fails), or the site the
            // snapshot's model was read with, taken from it (nothing after this step reads it there).
            var site = live == nil ? last!.takeSite() : spare?.take() ?? last!.site
            site.apply(edits)
            return (site, edits, nil)
        }
        let reach = edits.map { EditReach($0, in: site) }
        // Where each loaded record is in the site, for the next build to find its edits there: from the
        // model's sort, or, after an edit, as they were. A build that keeps no model wants none.
        let positions: [[Int]] = keepsModel ? modelled ?? last!.positions : []
        // The snapshot's first part is encoded, and written to its file, while the pages render: the model
        // step decided all of it.
        let snapshotFile = snapshotPath.map { SnapshotFile(path: $0, fileSystem: fileSystem) }
        let outputName = BuildSnapshot.outputName(options.output, fileSystem: fileSystem)
        let encoding = snapshotFile.map { file in
            BackgroundValue.onOwnThread {
                [sources, content, loadMemo = loadMemo!, templates, theme, site, lastRecords = stored?.encodedRecords]
                in
                BuildSnapshot.head(
                    into: file.writer(), output: outputName, sources: sources, content: content, loadMemo: loadMemo,
                    templates: templates, assets: theme.assets, positions: positions, site: site, reusing: lastRecords
                )
            }
        }
        // What the snapshot read is in `last` now. Its bytes are kept, by the new snapshot's encoding only,
        // until it has copied the unchanged records from them.
        stored = nil
        // Its last part, the row inputs and the search index's memo, is encoded as soon as the index is made,
        // while the index's files and the index pages are written.
        var finishing: BackgroundValue<BinaryWriter>?
        // A build that fails leaves no half-written snapshot behind.
        var snapshotSaved = false
        defer {
            if let snapshotFile, let encoding, !snapshotSaved {
                if let finishing { _ = finishing.wait() } else { _ = encoding.wait() }
                snapshotFile.discard()
            }
        }
        if !keep { loadMemo = nil }
        let (report, made, left) = try step(.renderAndWrite) {
            () throws(StageFailure) -> (WriteReport, SiteGenerator.Made, OutputWriter.PreviousBuild?) in
            // From the live model, the writer keeps every file the edit does not reach. The search index
            // updates the last one's, giving the files it makes and those it drops, when the last model
            // kept it; else it gives every file of its folder.
            let writer =
                try reach == nil
                ? OutputWriter(
                    folder: options.output, fileSystem: fileSystem, clean: options.clean,
                    previous: previous.wait().get())
                : OutputWriter(
                    folder: options.output, fileSystem: fileSystem, editing: previous.wait().get(),
                    whole: last?.search == nil ? [SearchIndex.folder] : [])
            writer.recordSources(sources, records: site.recordCount, warnings: linkWarnings + site.warnings)
            // A page per record, and room for the index, list, group and search files.
            writer.expect(files: site.recordCount + site.recordCount / 4)
            // The next build of `watch` starts from this one's model, not from the folders' stamps.
            writer.waitsForStamps = !keep
            let renderer = SiteRenderer(site: site, templates: templates, theme: theme)
            var generator = SiteGenerator(
                renderer: renderer, reach: reach,
                rowInputs: reach.flatMap { reach in
                    last?.rowInputs.map { renderer.rowInputs(updating: $0, at: reach.rows) }
                },
                // Searched values are fixed by `ValueEdits`: the keys are the last build's, and its index is
                // updated where the edited rows are.
                search: reach == nil ? nil : last?.search)
            let phases = PhaseProgress(
                report: progress, records: site.recordCount,
                recordPagesFolders: site.collections.map(\.spec.records.pagesFolder))
            // Where each core makes and writes its own pages (a file system in memory), no thread hands
            // pages to another, or waits for one. Elsewhere rendering the next batch overlaps writing the
            // last one, on a thread of its own.
            let background = writer.writesWhereMade ? nil : BackgroundWriter(writer, written: phases.written)
            if background == nil {
                generator.recordPagesAtOnce = Self.recordPagesMadeWhereWritten
                generator.shardsAtOnce = Self.shardsMadeWhereWritten
            }
            let made: SiteGenerator.Made
            do throws(StageFailure) {
                let scopes = site.config.search.scopes
                made = try generator.generate(
                    previous: writer.reuse,
                    indexed: { known in
                        finishing = encoding.map { encoding in
                            BackgroundValue.onOwnThread {
                                BuildSnapshot.finish(
                                    encoding.take(), rowInputs: known.rowInputs, search: known.search, scopes: scopes)
                            }
                        }
                    }
                ) { batch throws(StageFailure) in
                    guard let background else {
                        let count = try writer.write(batch)
                        phases.rendered(paths: writer.lastPaths(count))
                        return phases.written(count)
                    }
                    let files = batch.files
                    try background.submit(files)
                    phases.rendered(files)
                }
            } catch {
                background?.drain()
                writer.rollback()
                throw error
            }
            phases.renderingDone()
            let report: WriteReport
            do throws(StageFailure) {
                if let background {
                    report = try background.finish(dropping: made.dropped)
                } else {
                    writer.drop(made.dropped)
                    report = try writer.finish()
                }
            } catch {
                writer.rollback()
                throw error
            }
            let left = keep ? writer.leave() : nil
            leftovers.add(consume writer, consume generator, background as Any)
            return (report, made, left)
        }
        var built = BuildReport(
            records: site.recordCount, write: report, warnings: linkWarnings + site.warnings + report.warnings,
            steps: steps,
            edited: edits?.count)
        built.fromSnapshot = startsFromSnapshot && edits != nil
        built.undeclaredColumns = content.collections.filter { !$0.undeclaredColumns.isEmpty }.map {
            ($0.file, $0.undeclaredColumns)
        }
        if let snapshotFile, let finishing {
            // A snapshot that cannot be saved costs the next build its speed, not its result.
            let problem = try step(.saveSnapshot) {
                _ = finishing.take()
                let problem = snapshotFile.close()
                if problem == nil, let folder = options.cache {
                    SnapshotCache(folder: folder, fileSystem: fileSystem).prune(
                        keeping: snapshotFile.path, now: Int64(Date().timeIntervalSince1970 * 1e9))
                }
                return problem
            }
            snapshotSaved = true
            built.warnings += problem.map { [$0] } ?? []
            built.steps = steps
        }
        guard keep, let left else {
            // The process may end before these are freed: that is quicker still.
            leftovers.add(
                consume content, consume site, consume last as Any, previous, rest, encoding as Any,
                finishing as Any)
            return (built, nil)
        }
        let model = LiveModel(
            sources: sources, content: content, loadMemo: loadMemo!, templates: templates, assets: theme.assets,
            site: site, rowInputs: made.rowInputs, search: made.search, positions: positions, output: left)
        return (built, model)
    }

    /// Record pages in a batch when they are made where they are written: a batch holds no page's bytes,
    /// so it can be large, and the cores wait for each other once a batch.
    static let recordPagesMadeWhereWritten = 8_192
    /// Search shards handed over at once where each core makes the files it writes: a batch holds no
    /// file's bytes, so it is large, and the cores meet once for every few thousand shards, not every 64.
    static let shardsMadeWhereWritten = 4_096

    /// The snapshot at `path`, when it is whole and of the build that left `output` as it is.
    func readSnapshot(_ path: String, output: String) -> BuildSnapshot? {
        guard let last = OutputWriter.lastSources(folder: output, fileSystem: fileSystem),
            let bytes = try? fileSystem.readMapped(path), let snapshot = BuildSnapshot(bytes: bytes),
            snapshot.sources == last,
            snapshot.output == BuildSnapshot.outputName(output, fileSystem: fileSystem)
        else { return nil }
        return snapshot
    }

    /// Takes the output folder's lock: waits for a build that holds it, saying so, or with `--no-wait`
    /// fails at once, naming the build that holds it.
    func lockOutput(_ options: BuildOptions) throws(StageFailure) -> FolderLock {
        let location = SourceLocation(file: options.output)
        do {
            return try fileSystem.lock(options.output, options.waitForLock) { [waiting] holder in waiting?(holder) }
        } catch FolderLock.Failure.held(let holder) {
            throw StageFailure([
                .error(
                    location,
                    "another worldfacts build\(holder.map { " (pid \($0))" } ?? "") is building into this folder;"
                        + " not waiting for it (--no-wait)")
            ])
        } catch {
            throw StageFailure([.error(location, "cannot lock the output folder: \(error)")])
        }
    }
}
