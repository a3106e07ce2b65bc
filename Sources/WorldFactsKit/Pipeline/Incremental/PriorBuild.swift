import WorldFactsLoad
import WorldFactsModel
import WorldFactsRender
import WorldFactsSupport
import WorldFactsWrite

/// What a build does, decided once its sources are checked: nothing, when the output folder holds what
/// these sources build; else a build, from whatever the last build into the folder left that it can use
/// (`PriorBuild`). Whether that build only puts edits into the last site or models the site again is
/// known once the content is loaded (`ModelledSite`).
enum BuildPlan {
    /// The last build's report again, and the model `watch` keeps, when it had one.
    case upToDate(BuildReport, PriorModel?)
    case build(PriorBuild)
}

/// What the last build into the output folder left that this one may use: the seam between the clean
/// build and reuse. Each stage consults it at one place: the load its memo (`loadMemo`), the model its
/// model (`model`, from `watch`'s memory or a snapshot), render and write its manifest and what an edit
/// reaches (`editPlan`). A clean build (`--clean`, or a first build) finds only the manifest, if any,
/// and reads nothing else of it.
struct PriorBuild {
    /// The model `watch` kept in memory, when the folder is still as that build left it.
    let live: PriorModel?
    /// `live`'s site with records of its own, which value edits go into in place (`WatchModel.prepared`).
    var prepared: PreparedCopy<Site>? = nil
    /// From the command line with a cache folder: where this build saves its snapshot (`BuildSnapshot`).
    let snapshotPath: String?
    /// The last build's snapshot, when it is whole and of the build that left the folder as it is.
    var snapshot: BuildSnapshot?
    /// The folder's manifest (`OutputWriter.PriorManifest`), read while the content loads.
    let manifest: BackgroundValue<Result<OutputWriter.PriorManifest, StageFailure>>
    /// The rest of the snapshot, read while the content loads, with the config site.yml gives now.
    let snapshotRest: BackgroundValue<BuildSnapshot.Rest?>
    /// Whether this build keeps its model: in memory for `watch`, or in a snapshot.
    let keepsModel: Bool

    /// What the load starts from: the last load's memo, when this build keeps its own for the next.
    var loadMemo: ContentLoader.Memo? {
        keepsModel ? live?.loadMemo ?? snapshot?.loadMemo ?? ContentLoader.Memo() : nil
    }

    /// The load: the clean one, or, when this build keeps its memo, one from the last load's memo; with
    /// what the next load can keep.
    func load(_ loader: ContentLoader) throws(StageFailure) -> (Content, ContentLoader.Memo?) {
        guard let memo = loadMemo else { return (try loader.load(), nil) }
        let (content, kept) = try loader.load(memo: memo)
        return (content, kept)
    }

    /// The last build's model, once the templates are known (`readModel`): `live`, or the snapshot's. Nil
    /// when there is none, or it was made with other config, templates or assets, or the folder lacks a
    /// file it lists. The model step takes its site (`takeSite`).
    var model: PriorModel?

    /// Reads the snapshot's model, when there is a snapshot; else the model is `live`.
    mutating func readModel(templates: TemplateSet, theme: Theme, steps: inout BuildSteps) throws(BuildFailure) {
        model = live
        guard snapshot != nil else { return }
        model = try steps.run(.readSnapshot) { snapshotModel(templates: templates, theme: theme) }
    }

    private func snapshotModel(templates: TemplateSet, theme: Theme) -> PriorModel? {
        guard let snapshot, let rest = snapshotRest.take(), case .success(let output) = manifest.wait() else {
            return nil
        }
        return snapshot.model(rest: rest, templates: templates, theme: theme, output: output)
    }

    /// The model step: the default language's site (`modelDefault`), then every other language's.
    mutating func model(
        _ content: Content, templates: TemplateSet, theme: Theme
    ) throws(StageFailure) -> (Builder.ModelledSite, LanguageSites) {
        let modelled = try modelDefault(content, templates: templates, theme: theme)
        let languages = try languages(content, modelled: modelled)
        model?.dropLanguages()
        return (modelled, languages)
    }

    /// The default language's site: the last model with the edits in, when only records' values changed;
    /// else the site modelled from the content.
    private mutating func modelDefault(
        _ content: Content, templates: TemplateSet, theme: Theme
    ) throws(StageFailure) -> Builder.ModelledSite {
        guard var last = model.take() else { return try .anew(content) }
        guard let edits = last.edits(to: content, templates: templates, theme: theme) else {
            model = last
            return try .anew(content)
        }
        // The edits go into a site whose records nothing else holds, replaced where they are: the live
        // model's prepared copy (the live model keeps its own for a build that fails), or the site the
        // snapshot's model was read with, taken from it (nothing after this step reads it there).
        var site = live != nil ? prepared?.take() ?? last.site : last.takeSite()
        model = last
        site.apply(edits)
        return .edited(site, edits, positions: last.positions)
    }

    /// The other languages' sites: each modelled anew, or, when the default's is the last model with value
    /// edits put in, its own last one with them put in where it can be.
    func languages(_ content: Content, modelled: Builder.ModelledSite) throws(StageFailure) -> LanguageSites {
        guard let edits = modelled.edits, let model else {
            return try LanguageSites(content, defaultSite: modelled.site, defaultPositions: modelled.positions)
        }
        return try LanguageSites(
            content, defaultSite: modelled.site, defaultPositions: modelled.positions, prior: model,
            defaultEdits: edits)
    }

    /// What the render and write step makes again after the model step put value edits in; nil for a
    /// build that makes every page.
    func editPlan(_ modelled: Builder.ModelledSite, languages: LanguageSites) -> EditPlan? {
        modelled.edits.map { EditPlan($0, site: modelled.site, languages: languages, prior: model) }
    }

    /// True when this build's site is the snapshot's with edits put in.
    func editsSnapshot(_ modelled: Builder.ModelledSite) -> Bool {
        live == nil && model != nil && modelled.edits != nil
    }
}

extension Builder {
    /// Compares the sources with the last build's and starts reading what the build can reuse of it.
    /// `early`: the snapshot, when its read started before the sources were checked.
    func plan(
        _ options: BuildOptions, sources: CheckedSources, watch: WatchModel?,
        early: BackgroundValue<BuildSnapshot?>?, steps: inout BuildSteps
    ) throws(BuildFailure) -> BuildPlan {
        // The live model holds what the folder holds only while the folder's manifest is the one its
        // build saved (no other build wrote there since, none was interrupted there).
        let keep = watch != nil
        let checkedLive: PriorModel? =
            try watch?.last.map { live throws(BuildFailure) in
                try steps.run(.compareLastBuild) {
                    OutputWriter.lastSources(folder: options.output, fileSystem: fileSystem) == live.sources
                        ? live : nil
                }
            } ?? nil
        if let live = checkedLive, live.sources == sources.digest {
            let report = BuildReport(
                records: live.site.recordCount, write: WriteReport(unchanged: live.files, reused: live.files),
                warnings: sources.warnings + live.site.warnings, steps: steps.done)
            return .upToDate(report, live)
        }
        // A build that keeps its model makes it even when nothing changed since the last build.
        if checkedLive == nil, !keep, !options.clean,
            let last = try steps.run(
                .compareLastBuild,
                { OutputWriter.upToDate(folder: options.output, fileSystem: fileSystem, sources: sources.digest) })
        {
            let report = BuildReport(
                records: last.records, write: WriteReport(unchanged: last.files, reused: last.files),
                warnings: last.warnings, steps: steps.done)
            return .upToDate(report, nil)
        }
        // From the command line, the last build's snapshot is read and a new one saved.
        let snapshotPath =
            checkedLive == nil && !keep
            ? options.cache.map { BuildSnapshot.path(in: $0, output: options.output, fileSystem: fileSystem) } : nil
        // The last build's manifest is read while the content loads: it only reads.
        let manifest = BackgroundValue.onOwnThread({ [fileSystem] in
            Result { () throws(StageFailure) in
                if let checkedLive { return checkedLive.output }
                return try OutputWriter.readPrior(folder: options.output, fileSystem: fileSystem)
            }
        })
        var snapshot: BuildSnapshot?
        if let snapshotPath, !options.clean {
            snapshot = try steps.run(.readSnapshot) {
                early.map { $0.take() } ?? readSnapshot(snapshotPath, output: options.output)
            }
        }
        let rest = BackgroundValue.onOwnThread({ [snapshot, fileSystem, baseURL = sources.baseURL] in
            snapshot.flatMap { snapshot in
                let path = joinPath(options.content, "site.yml")
                return (try? fileSystem.read(path)).flatMap { String(validating: $0, as: UTF8.self) }
                    .flatMap {
                        SiteConfigLoader(file: path).load(text: $0).0.map { CheckedSources.configured($0, baseURL) }
                    }
                    .flatMap { snapshot.rest(config: $0, folder: options.content) }
            }
        })
        return .build(
            PriorBuild(
                live: checkedLive, prepared: watch?.prepared, snapshotPath: snapshotPath, snapshot: snapshot,
                manifest: manifest, snapshotRest: rest, keepsModel: keep || snapshotPath != nil))
    }

    /// From the command line, the last build's snapshot is read while the sources are checked.
    func earlySnapshotRead(_ options: BuildOptions, watch: WatchModel?) -> BackgroundValue<BuildSnapshot?>? {
        guard watch == nil, !options.clean, let folder = options.cache else { return nil }
        return BackgroundValue.onOwnThread { [self] in
            readSnapshot(
                BuildSnapshot.path(in: folder, output: options.output, fileSystem: fileSystem), output: options.output)
        }
    }

    /// The snapshot at `path`, when it is whole and of the build that left `output` as it is.
    func readSnapshot(_ path: String, output: String) -> BuildSnapshot? {
        guard let last = OutputWriter.lastSources(folder: output, fileSystem: fileSystem),
            let bytes = try? fileSystem.readMapped(path), let snapshot = BuildSnapshot(bytes: bytes),
            snapshot.sources == last,
            snapshot.output == BuildSnapshot.outputName(output, fileSystem: fileSystem)
        else { return nil }
        return snapshot
    }
}
