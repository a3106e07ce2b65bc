import WorldFactsLoad
import WorldFactsModel
import WorldFactsSupport

/// The sites of a site's languages other than the default, each modelled from its content
/// (`LanguageEdition`): none for a site of one language.
struct LanguageSites {
    var sites: [Site] = []
    /// One warning per language that falls back to the default for some of its texts.
    var warnings: [Diagnostic] = []

    /// `defaultSite`: the default language's, whose collections without pages in another language that
    /// one takes as they are (`SiteModeler.modelWithPositions(_:reusing:)`).
    init(_ content: Content, defaultSite: Site) throws(StageFailure) {
        let config = content.config
        for number in config.languages.indices.dropFirst() {
            let edition = LanguageEdition(of: content, language: number)
            // The records are the default's: what the default's model warns of, it warns of once.
            var site = try SiteModeler().modelWithPositions(edition.content, reusing: defaultSite).site
            site.warnings = []
            sites.append(site)
            warnings += edition.warning.map { [$0] } ?? []
        }
    }
}

extension Builder {
    /// By language other than the default, what its pages show in the default language for want of a
    /// translation (`LanguageEdition.missing`, then what the site declares may be: `expected`): read from the
    /// content, whether or not a build is needed.
    public func missingTranslations(_ options: BuildOptions) throws(BuildFailure) -> [(
        language: String, missing: [String]
    )] {
        let content: Content
        do { content = try ContentLoader(folder: options.content, fileSystem: fileSystem).load() } catch {
            throw BuildFailure(step: .loadContent, diagnostics: error.diagnostics)
        }
        return content.config.languages.indices.dropFirst().map { number in
            let edition = LanguageEdition(of: content, language: number)
            return (content.config.languages[number].id, edition.missing + edition.expected)
        }
    }
}
