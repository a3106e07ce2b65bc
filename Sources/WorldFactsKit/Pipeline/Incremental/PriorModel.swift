import WorldFactsLoad
import WorldFactsModel
import WorldFactsRender
import WorldFactsSearch
import WorldFactsWrite

/// The model of the last build into a folder, for the next one to put value edits into: the content it
/// loaded, the site it modelled, the templates, what each index row is made of, and what it left in the
/// output folder (its manifest). `watch` keeps it in memory (`LiveBuilder`: the live model); a build from
/// the command line reads it from the last build's snapshot (`BuildSnapshot`). The next build compares
/// its content with this one's.
struct PriorModel: Sendable {
    /// The digest of the sources the build read (`SourceDigest`).
    let sources: String
    let content: Content
    /// What the load read, for the next load to keep what is unchanged (`ContentLoader.Memo`).
    let loadMemo: ContentLoader.Memo
    let templates: TemplateSet
    /// The theme's assets (`Theme.assets`).
    let assets: [String: [UInt8]]
    private(set) var site: Site
    /// By collection and position (`SiteRenderer.rowInputs()`), when the site needed them.
    let rowInputs: [[UInt64]]?
    /// What the search index left, when the site has search (`SearchIndex.memo`).
    let search: SearchMemo?
    /// What the downloads were made of, in `watch` (`DownloadRows`); nil from a snapshot.
    var downloads: DownloadRows? = nil
    /// By collection, the position in `site` of each record of `content` (`ValueEdits.positions`).
    let positions: [[Int]]
    let output: OutputWriter.PriorManifest
    /// Each language other than the default, in `languages:` order: `watch`'s in memory, or a snapshot's,
    /// read once the edition they are compared with is known (`language`).
    var languages: Languages = .live([])

    /// Where the languages' models are.
    enum Languages: Sendable {
        case live([LanguageModel])
        case snapshot(SnapshotLanguages)
    }

    /// Lets the languages' models go once the languages are modelled (`LanguageSites`): a snapshot's blocks
    /// keep its bytes mapped, which the rest of the build does not need.
    mutating func dropLanguages() {
        languages = .live([])
    }

    /// Language `number`'s model (1 the first after the default), for this build's `edition` of the content
    /// in it, whose config's digest is `config` (`Content.editionConfigDigest`) and whose default site is
    /// `defaultSite`; nil when there is none of the same config to compare the edition with.
    func language(_ number: Int, edition: Content, config: UInt64, defaultSite: Site) -> LanguageModel? {
        switch languages {
        case .live(let models):
            models.count == edition.config.languages.count - 1 && models[number - 1].config == config
                ? models[number - 1] : nil
        case .snapshot(let saved):
            saved.model(number, edition: edition, config: config, prior: self, defaultSite: defaultSite)
        }
    }

    /// The site, taken away: a model read from a snapshot gives its site to the build it starts, which
    /// edits it in place, and keeps only its config (it is not kept for another build).
    mutating func takeSite() -> Site {
        let taken = site
        site = Site(config: site.config, collections: [], lists: [], groups: [], warnings: [])
        return taken
    }

    /// How many files the build left.
    var files: Int { output.fileCount }

    /// The records whose values changed in `content`, when nothing else did: the same templates and
    /// assets too. Nil when the site must be modelled again.
    func edits(to content: Content, templates: TemplateSet, theme: Theme) -> ValueEdits? {
        guard templates.fingerprint == self.templates.fingerprint, theme.assets == assets else {
            return nil
        }
        return ValueEdits.between(old: self.content, new: content, site: site, positions: positions)
    }
}

extension PriorModel {
    /// The model a build that keeps its own leaves: what it loaded, modelled and made, in every language.
    init(
        sources: String, content: Content, loadMemo: ContentLoader.Memo, templates: TemplateSet, theme: Theme,
        modelled: Builder.ModelledSite, languages: LanguageSites, made: [SiteGenerator.Made],
        output: OutputWriter.PriorManifest
    ) {
        self.init(
            sources: sources, content: content, loadMemo: loadMemo, templates: templates, assets: theme.assets,
            site: modelled.site, rowInputs: made[0].rowInputs, search: made[0].search, positions: modelled.positions,
            output: output)
        self.downloads = made[0].downloads
        self.languages = .live(
            zip(languages.languages.indices, made.dropFirst()).map { languages.model($0 + 1, made: $1) })
    }
}
