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
    /// By collection, the position in `site` of each record of `content` (`ValueEdits.positions`).
    let positions: [[Int]]
    let output: OutputWriter.PriorManifest
    /// Each language other than the default, in `languages:` order; none from a snapshot, whose next build
    /// models them anew.
    var languages: [LanguageModel] = []

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
        self.languages = zip(languages.languages, made.dropFirst()).map { language, made in
            LanguageModel(
                content: language.content, site: language.site, positions: language.positions,
                rowInputs: made.rowInputs, search: made.search)
        }
    }
}
