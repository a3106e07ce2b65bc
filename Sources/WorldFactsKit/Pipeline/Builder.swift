import Foundation
import WorldFactsLoad
import WorldFactsModel
import WorldFactsOutput
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
    /// Count the folder's files by kind once written (`BuildReport.census`): a pass over every path, which
    /// the command line's build takes and `watch`'s edits do not.
    public var takesCensus = false

    public init(
        fileSystem: FileSystem = .disk, progress: (@Sendable (BuildProgress) -> Void)? = nil,
        waiting: (@Sendable (Int?) -> Void)? = nil
    ) {
        self.fileSystem = fileSystem
        self.progress = progress
        self.waiting = waiting
    }

    public func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        try build(options, watch: nil).report
    }

    /// A build, giving the model it keeps for `watch`'s next one. `watch`: in a build of `watch`'s
    /// (`LiveBuilder`), the model it kept of its last.
    func build(
        _ options: BuildOptions, watch: WatchModel?
    ) throws(BuildFailure) -> (report: BuildReport, model: PriorModel?) {
        let releaseLater = DeferredRelease()
        // Once the build's locals are gone, what it put aside is freed on another thread.
        defer { releaseLater.free() }
        return try build(options, watch: watch, releaseLater: releaseLater)
    }

    /// The build, a step per line: the plan, then load → model → render and write, then what it keeps for
    /// the next build.
    private func build(
        _ options: BuildOptions, watch: WatchModel?, releaseLater: DeferredRelease
    ) throws(BuildFailure) -> (report: BuildReport, model: PriorModel?) {
        var steps = BuildSteps()
        // One build at a time per output folder: the folder's lock is held until this build returns.
        let lock = try steps.run(.checkOutput) { () throws(StageFailure) in try claimOutput(options) }
        defer { lock.release() }
        let early = earlySnapshotRead(options, watch: watch)
        var sources = try steps.run(.checkSources) { () throws(StageFailure) in try checkSources(options) }
        var prior: PriorBuild
        switch try plan(options, sources: sources, watch: watch, early: early, steps: &steps) {
        case .upToDate(let report, let model): return (report, model)
        case .build(let found): prior = found
        }
        var (content, loadMemo) = try loadContent(options, sources: &sources, prior: prior, steps: &steps)
        let (theme, templates) = try loadTemplates(options, sources: &sources, config: content.config, steps: &steps)
        try prior.readModel(templates: templates, theme: theme, steps: &steps)
        var (modelled, languages) = try steps.run(.model) { () throws(StageFailure) in
            try prior.model(content, templates: templates, theme: theme)
        }
        modelled.warnOfUnknownRegions(theme: theme)
        let keeping = keeping(
            options, watch: watch, prior: &prior, sources: sources, content: content, loadMemo: &loadMemo,
            templates: templates, theme: theme, modelled: modelled)
        defer { keeping.saving?.discardUnlessSaved() }
        // The last feed of changes, read before a clean build puts the last build's files aside.
        let changes = modelled.site.config.changes.map {
            ChangesReader(fileSystem: fileSystem).history(
                output: options.output, site: modelled.site, spec: $0, time: ChangesReader.now())
        }
        let written = try steps.run(.renderAndWrite) { () throws(StageFailure) in
            try renderAndWrite(
                options, site: modelled.site, languages: languages, templates: templates, theme: theme,
                edit: prior.editPlan(modelled, languages: languages), manifest: prior.manifest.wait().get(),
                sources: sources, keeping: keeping, changes: changes?.history, releaseLater: releaseLater)
        }
        var built = report(written, sources: sources, content: content, modelled: modelled, languages: languages)
        built.warnings += changes?.warnings ?? []
        built.fromSnapshot = prior.editsSnapshot(modelled)
        try saveSnapshot(keeping.saving, options: options, report: &built, steps: &steps)
        built.steps = steps.done
        let model = keeping.model(
            written, sources: sources, content: content, loadMemo: loadMemo, templates: templates, theme: theme,
            modelled: modelled, languages: languages, prior: prior, releaseLater: releaseLater)
        return (built, model)
    }

    /// The load of the templates, then their compile. A template of the site's own that no page uses is a
    /// warning of the sources'.
    private func loadTemplates(
        _ options: BuildOptions, sources: inout CheckedSources, config: SiteConfig, steps: inout BuildSteps
    ) throws(BuildFailure) -> (Theme, TemplateSet) {
        let theme = try steps.run(.loadTemplates) { () throws(StageFailure) in
            try ThemeLoader(folder: options.templatesFolder(fileSystem), fileSystem: fileSystem).load()
        }
        let fields = Dictionary(uniqueKeysWithValues: config.collections.map { ($0.id, $0.fields.map(\.id)) })
        let templates = try steps.run(.compileTemplates) { () throws(StageFailure) in
            try TemplateSet(theme: theme, fields: fields)
        }
        sources.warnings += TemplateSet.unused(in: theme, templates: templates, config: config)
        return (theme, templates)
    }

    /// The build's report, from what it wrote and what each step warned of.
    private func report(
        _ written: Written, sources: CheckedSources, content: Content, modelled: ModelledSite, languages: LanguageSites
    ) -> BuildReport {
        let site = modelled.site
        var built = BuildReport(
            records: site.recordCount, write: written.report,
            warnings: sources.warnings + site.warnings + languages.warnings + written.report.warnings,
            steps: [], edited: modelled.edits?.count)
        built.undeclaredColumns = content.undeclaredColumns
        built.census = written.census
        return built
    }

    /// The load step, with its progress: the content, and what the next load can keep (starting from what
    /// the last one kept, `PriorBuild.loadMemo`, when this build keeps its own). `read`: the records files
    /// the digest read already, taken, so that their bytes are freed as the load ends.
    private func loadContent(
        _ options: BuildOptions, sources: inout CheckedSources, prior: PriorBuild, steps: inout BuildSteps
    ) throws(BuildFailure) -> (Content, ContentLoader.Memo?) {
        progress?(BuildProgress(phase: .loadContent, done: 0, total: 0))
        var (content, kept) = try steps.run(.loadContent) { () throws(StageFailure) in
            try prior.load(
                ContentLoader(folder: options.content, fileSystem: fileSystem.serving(sources.read.take() ?? [:])))
        }
        content.config = sources.configured(content.config)
        let count = content.recordCount
        progress?(BuildProgress(phase: .loadContent, done: count, total: count, seconds: steps.lastSeconds))
        return (content, kept)
    }

    /// What the model step made: the site modelled from the content, or the last build's site with the
    /// records' edits put in (when only records' values changed, and the templates and assets did not).
    enum ModelledSite {
        /// `positions`: where each loaded record is in the site, for the next build to find its edits.
        case modelled(Site, positions: [[Int]])
        case edited(Site, ValueEdits, positions: [[Int]])

        /// The site modelled from the content: the clean build's model step.
        static func anew(_ content: Content) throws(StageFailure) -> ModelledSite {
            let (site, positions) = try SiteModeler().modelWithPositions(content)
            return .modelled(site, positions: positions)
        }

        var site: Site {
            switch self {
            case .modelled(let site, _), .edited(let site, _, _): site
            }
        }
        var edits: ValueEdits? {
            switch self {
            case .modelled: nil
            case .edited(_, let edits, _): edits
            }
        }
        var positions: [[Int]] {
            switch self {
            case .modelled(_, let positions), .edited(_, _, let positions): positions
            }
        }

        /// A site modelled anew, with the world outline's warnings of its region codes
        /// (`WorldOutline.warnings`) first among its own. A site with value edits put in has its last
        /// build's: a region is a field no value edit changes (`ValueEdits.fixedFields`), and reading every
        /// record's code again was a pass over every record of the site on each edit.
        mutating func warnOfUnknownRegions(theme: Theme) {
            guard case .modelled(var site, let positions) = self else { return }
            site.warnings = WorldOutline.warnings(in: site, theme: theme) + site.warnings
            self = .modelled(site, positions: positions)
        }
    }

    /// What the render and write step made: the writer's report, what each language's generator made (the
    /// default's first), what the writer left for the next build when this one keeps its model, and the
    /// folder's census when one was taken.
    struct Written {
        let report: WriteReport
        let made: [SiteGenerator.Made]
        let left: OutputWriter.PriorManifest?
        let census: OutputCensus?
    }

    /// Renders the site and writes it: every page and search file of a clean build, or, after an edit,
    /// those the edit reaches (`EditPlan`). A failure undoes what was written (`OutputWriter.rollback`).
    private func renderAndWrite(
        _ options: BuildOptions, site: Site, languages: LanguageSites, templates: TemplateSet, theme: Theme,
        edit: EditPlan?, manifest: OutputWriter.PriorManifest, sources: CheckedSources, keeping: BuildKeeping,
        changes: ChangeHistory?, releaseLater: DeferredRelease
    ) throws(StageFailure) -> Written {
        // The days the last build's pages last changed, read before a clean build puts its files aside.
        let sitemap = site.config.url.map {
            SitemapDays(sitemap: Sitemap(url: $0), folder: options.output, fileSystem: fileSystem)
        }
        let writer = try openWriter(options, site: site, edit: edit, manifest: manifest, sources: sources)
        // The next build of `watch` starts from this one's model, not from the folders' stamps.
        writer.waitsForStamps = !keeping.inMemory
        let phases = PhaseProgress(
            report: progress, records: site.recordCount,
            recordPagesFolders: site.collections.map(\.spec.records.pagesFolder))
        // Where each core makes and writes its own pages (a file system in memory), no thread hands
        // pages to another, or waits for one. Elsewhere rendering the next batch overlaps writing the
        // last one, on a thread of its own.
        let background = writer.writesWhereMade ? nil : BackgroundWriter(writer, written: phases.written)
        let made: [SiteGenerator.Made]
        do throws(StageFailure) {
            let output = SiteOutput(writer: writer, background: background, phases: phases)
            made = try generate(
                options, site: site, languages: languages, templates: templates, theme: theme, edit: edit,
                output: output, keeping: keeping, changes: changes, releaseLater: releaseLater)
        } catch {
            background?.drain()
            writer.rollback()
            throw error
        }
        phases.renderingDone()
        let report = try finishWriting(writer, background: background, sitemap: sitemap, site: site, made: made)
        let left = keeping.inMemory ? writer.leave() : nil
        let census = takesCensus ? OutputCensus(site: site, paths: writer.paths, report: report) : nil
        releaseLater.add(writer as Any, background as Any)
        return Written(report: report, made: made, left: left, census: census)
    }

    /// The writer of this build: one that keeps every file an edit does not reach (`EditPlan.remaking`), or
    /// one that gives every file, keeping those whose inputs are unchanged.
    private func openWriter(
        _ options: BuildOptions, site: Site, edit: EditPlan?, manifest: OutputWriter.PriorManifest,
        sources: CheckedSources
    ) throws(StageFailure) -> OutputWriter {
        let writer =
            try edit == nil
            ? OutputWriter(folder: options.output, fileSystem: fileSystem, clean: options.clean, previous: manifest)
            : OutputWriter(
                folder: options.output, fileSystem: fileSystem, editing: manifest, remaking: edit?.remaking ?? [])
        writer.recordSources(sources.digest, records: site.recordCount, warnings: sources.warnings + site.warnings)
        // A page per record, and room for the index, list, group and search files.
        writer.expect(files: site.recordCount + site.recordCount / 4)
        return writer
    }

    /// Where the generators' files go: to the writer, on this thread where each core writes what it makes,
    /// else through the background writer.
    struct SiteOutput {
        let writer: OutputWriter
        let background: BackgroundWriter?
        let phases: PhaseProgress

        func emit(_ batch: OutputBatch) throws(StageFailure) {
            guard let background else {
                let count = try writer.write(batch)
                phases.rendered(paths: writer.lastPaths(count))
                return phases.written(count)
            }
            let files = batch.files
            try background.submit(files)
            phases.rendered(files)
        }
    }

    /// Makes every language's files, the default's first, each in its folder. Another language shares the
    /// default's assets, and the search scopes of collections that have no pages in it.
    private func generate(
        _ options: BuildOptions, site: Site, languages editions: LanguageSites, templates: TemplateSet,
        theme: Theme, edit: EditPlan?, output: SiteOutput, keeping: BuildKeeping, changes: ChangeHistory?,
        releaseLater: DeferredRelease
    ) throws(StageFailure) -> [SiteGenerator.Made] {
        let languages = editions.sites
        let reuse = output.writer.reuse
        var renderer = SiteRenderer(site: site, templates: templates, theme: theme)
        renderer.changes = changes
        renderer.keepsDownloadRows = keeping.inMemory
        var generator = SiteGenerator(renderer: renderer)
        generator.prior = edit?.generation(0, renderer: renderer, output: reuse) ?? GenerationPrior(output: reuse)
        if output.background == nil {
            generator.recordPagesAtOnce = Self.recordPagesMadeWhereWritten
            generator.shardsAtOnce = Self.shardsMadeWhereWritten
        }
        generator.languageFolders = languages.map(\.config.folder)
        // Every language's files count; another language's search files are known just before it writes.
        // A build that edits the last one's pages leaves as many files as it did.
        let budget =
            edit == nil
            ? FileBudget.Gate(options: options, site: site, languages: languages, templates: templates, theme: theme)
            : nil
        let scopes = site.config.search.scopes
        // Language `number`'s generator, made when its turn comes (a renderer holds its language's values),
        // from what the default's made (`known`).
        let (pagesAtOnce, shardsAtOnce) = (generator.recordPagesAtOnce, generator.shardsAtOnce)
        func others(_ known: SiteGenerator.Made) -> @Sendable (Int) -> SiteGenerator {
            let defaultLanguage = SiteGenerator.DefaultLanguage(
                site: site, rows: renderer.values.rows, rowInputs: known.rowInputs, search: known.index)
            return { @Sendable (number: Int) -> SiteGenerator in
                var languageRenderer = SiteRenderer(site: languages[number - 1], templates: templates, theme: theme)
                languageRenderer.changes = changes
                var other = SiteGenerator(renderer: languageRenderer)
                other.prior =
                    edit?.generation(number, renderer: languageRenderer, output: reuse)
                    ?? GenerationPrior(output: reuse)
                other.recordPagesAtOnce = pagesAtOnce
                other.shardsAtOnce = shardsAtOnce
                other.defaultLanguage = defaultLanguage
                return other
            }
        }
        // An edit's other languages start as soon as what they take from the default's is known, while the
        // default's last files are made and written.
        var startedAtOnce: LanguagesAtOnce?
        let defaultMade = try generator.generate(
            indexed: { known in
                keeping.saving?.finish(rowInputs: known.rowInputs, search: known.search, scopes: scopes)
                if let edit, edit.editsEveryLanguage {
                    startedAtOnce = edit.startAtOnce(languages.count, others(known))
                }
            },
            beforeWriting: budget?.check(language: 0), output.emit)
        var made = [defaultMade]
        // What the build keeps of each language, as soon as it is made (`BuildKeeping.language`).
        func keep(_ number: Int, _ languageMade: SiteGenerator.Made) {
            var languageMade = languageMade
            languageMade.index = nil
            made.append(keeping.language(number, made: languageMade, of: editions, defaultSite: site))
        }
        if let startedAtOnce {
            try startedAtOnce.emit(output.emit, keep: keep)
        } else {
            let other = others(defaultMade)
            for number in languages.indices.map({ $0 + 1 }) {
                keep(number, try other(number).generate(beforeWriting: budget?.check(language: number), output.emit))
            }
        }
        releaseLater.add(generator as Any)
        return made
    }

    /// Writes the sitemap once every page is written, drops the files no language makes any longer, and
    /// finishes the writer. A failure undoes what was written.
    private func finishWriting(
        _ writer: OutputWriter, background: BackgroundWriter?, sitemap: SitemapDays?, site: Site,
        made: [SiteGenerator.Made]
    ) throws(StageFailure) -> WriteReport {
        do throws(StageFailure) {
            let offline = made.first?.offline
            if sitemap != nil || offline != nil {
                // Once every page is written: a page's day, and what an offline reader fetches again, are
                // known from its bytes' hash.
                let written = try background?.waitForWrites() ?? writer
                if let sitemap {
                    _ = try written.write(.made(sitemap.files(written: written, site: site, today: Self.today())))
                }
                if let offline {
                    // Without the shards the writer drops once this is written.
                    let files = offline.files(
                        written: written, dropping: Set(made.flatMap(\.dropped)), output: writer.folder,
                        fileSystem: fileSystem)
                    _ = try written.write(.made(files))
                }
            }
            if let background { return try background.finish(dropping: made.flatMap(\.dropped)) }
            writer.drop(made.flatMap(\.dropped))
            return try writer.finish()
        } catch {
            writer.rollback()
            throw error
        }
    }

    /// The day of this build, as sitemaps give it: `SOURCE_DATE_EPOCH`'s when set (reproducible builds),
    /// else the clock's, in UTC.
    public static func today() -> String { CalendarDay.of(secondsSince1970: buildSeconds()) }

    /// The moment of this build in seconds since 1970: `SOURCE_DATE_EPOCH` when set, else the clock's.
    static func buildSeconds() -> Int64 {
        let environment = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]
        return environment.flatMap { Int64($0) } ?? Int64(Date().timeIntervalSince1970)
    }

    /// Record pages in a batch when they are made where they are written: a batch holds no page's bytes,
    /// so it can be large, and the cores wait for each other once a batch.
    static let recordPagesMadeWhereWritten = 8_192
    /// Search shards handed over at once where each core makes the files it writes: a batch holds no
    /// file's bytes, so it is large, and the cores meet once for every few thousand shards, not every 64.
    static let shardsMadeWhereWritten = 4_096

    /// Checks that the output folder may be built into (not inside the sources, not another tool's),
    /// and locks it.
    func claimOutput(_ options: BuildOptions) throws(StageFailure) -> FolderLock {
        let outputGuard = OutputGuard(fileSystem: fileSystem)
        try outputGuard.checkPlace(
            output: options.output, inputs: [options.content] + (options.templates.map { [$0] } ?? []),
            cache: options.cache)
        let lock = try lockOutput(options)
        do throws(StageFailure) {
            try outputGuard.checkContents(output: options.output, force: options.force)
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// Refuses links that lead out of the sources before anything reads through them, and digests the
    /// sources (`SourceDigest`).
    func checkSources(_ options: BuildOptions) throws(StageFailure) -> CheckedSources {
        var warnings: [Diagnostic] = []
        // The content folder's own templates folder is checked with the content.
        for (folder, role) in [(options.content, "content")] + (options.templates.map { [($0, "templates")] } ?? []) {
            warnings += try SourceLinks.check(
                folder: folder, role: role, fileSystem: fileSystem, followOutside: options.followSymlinks)
        }
        var baseURL: BaseURL?
        if let written = options.baseURL {
            switch BaseURL.parse(written) {
            case .success(let url): baseURL = url
            case .failure(let problem):
                throw StageFailure([.error(SourceLocation(file: "--base-url"), problem.message)])
            }
        }
        var (digest, read) = try SourceDigest.read(
            folders: [options.content] + (options.templates.map { [$0] } ?? []), fileSystem: fileSystem)
        // These flags change what is built as site.yml does: a build with others is not up to date.
        if let baseURL { digest = SourceDigest.with("--base-url " + baseURL.text, digest) }
        if let maxFiles = options.maxFiles { digest = SourceDigest.with("--max-files \(maxFiles)", digest) }
        return CheckedSources(digest: digest, warnings: warnings, read: read, baseURL: baseURL)
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

/// The sources as the build checked them.
struct CheckedSources {
    /// The digest of every source file (`SourceDigest`): what the last build's is compared with.
    let digest: String
    /// Links that lead out of the sources, followed with `--follow-symlinks`, and templates no page uses.
    var warnings: [Diagnostic]
    /// The large files the digest read (records files), for the load to take from there.
    var read: [String: [UInt8]]?
    /// `--base-url`, checked: it takes the place of site.yml's `url`.
    var baseURL: BaseURL? = nil

    /// The config as this build uses it: site.yml's, with the flags' values in.
    func configured(_ config: SiteConfig) -> SiteConfig { Self.configured(config, baseURL) }

    static func configured(_ config: SiteConfig, _ baseURL: BaseURL?) -> SiteConfig {
        guard let baseURL else { return config }
        var config = config
        config.url = baseURL
        return config
    }
}

extension Content {
    /// By records file: the columns site.yml does not declare, for files that have some.
    var undeclaredColumns: [(file: String, columns: [String])] {
        collections.filter { !$0.undeclaredColumns.isEmpty }.map { ($0.file, $0.undeclaredColumns) }
    }
}
