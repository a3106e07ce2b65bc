import WorldFactsLoad
import WorldFactsModel
import WorldFactsRender
import WorldFactsSupport

/// What `watch` gives each build it makes (`LiveBuilder`): the model it kept of its last build (nil before
/// its first), and that model's site with records of its own, which value edits go into in place.
struct WatchModel {
    var last: PriorModel?
    var prepared: PreparedCopy<Site>?
}

/// What a build keeps for the next one: its model in memory, for `watch`'s next build (`inMemory`); or,
/// from the command line with a cache folder, the snapshot it saves once its files are written (`saving`);
/// or nothing. The render and write step consults it at one place per language (`language`), and the
/// build at its end (`model`).
struct BuildKeeping {
    let inMemory: Bool
    let saving: SnapshotSaving?

    /// What a language other than the default made, as this build keeps it: whole, in memory; else only
    /// the files it dropped, once the snapshot has what the next build starts from: a build from the
    /// command line lets each language's go as soon as it is made.
    func language(
        _ number: Int, made: SiteGenerator.Made, of editions: LanguageSites, defaultSite: Site
    ) -> SiteGenerator.Made {
        saving?.add(language: editions.model(number, made: made), defaultSite: defaultSite)
        return inMemory ? made : SiteGenerator.Made(dropped: made.dropped)
    }

    /// The model `watch`'s next build starts from, when this build keeps one in memory; else nil, and
    /// what the build made is put aside, to be freed on another thread (the process may end first: that
    /// is quicker still).
    func model(
        _ written: Builder.Written, sources: CheckedSources, content: Content, loadMemo: ContentLoader.Memo?,
        templates: TemplateSet, theme: Theme, modelled: Builder.ModelledSite, languages: LanguageSites,
        prior: PriorBuild, releaseLater: DeferredRelease
    ) -> PriorModel? {
        guard inMemory, let left = written.left, let loadMemo else {
            releaseLater.add(content, loadMemo as Any, modelled, prior)
            return nil
        }
        return PriorModel(
            sources: sources.digest, content: content, loadMemo: loadMemo, templates: templates, theme: theme,
            modelled: modelled, languages: languages, made: written.made, output: left)
    }
}

extension Builder {
    /// What this build keeps for the next: its model, for `watch`; or its snapshot, started now that the
    /// site is modelled (`startSnapshot`). The load's memo is kept by the live model, or by the snapshot's
    /// encoding, which lets it go once written: a build from the command line lets its own go here.
    func keeping(
        _ options: BuildOptions, watch: WatchModel?, prior: inout PriorBuild, sources: CheckedSources,
        content: Content, loadMemo: inout ContentLoader.Memo?, templates: TemplateSet, theme: Theme,
        modelled: ModelledSite
    ) -> BuildKeeping {
        let saving = startSnapshot(
            options, prior: &prior, sources: sources, content: content, loadMemo: loadMemo, templates: templates,
            theme: theme, modelled: modelled)
        if watch == nil { loadMemo = nil }
        return BuildKeeping(inMemory: watch != nil, saving: saving)
    }
}
