import WorldFactsLoad
import WorldFactsModel
import WorldFactsSupport

/// The sites of a site's languages other than the default, each modelled from its content
/// (`LanguageEdition`): none for a site of one language. After a build that put value edits into the
/// default's site, a language whose edition changed only in the same records' values is its prior model
/// with those edits put in (`LanguageSites.init(_:defaultSite:defaultPositions:prior:)`, in Incremental/),
/// as the default's is; any other is modelled anew.
struct LanguageSites {
    /// One language: its edition of the content, its site, where each record is in it, and, when the site
    /// is the prior one with edits put in, those edits and that prior model.
    struct Language {
        let content: Content
        /// The digest of its config (`Content.editionConfigDigest`).
        let config: UInt64
        let site: Site
        let positions: [[Int]]
        let edits: ValueEdits?
        let prior: LanguageModel?
    }

    var languages: [Language] = []
    /// One warning per language that falls back to the default for some of its texts.
    var warnings: [Diagnostic] = []

    var sites: [Site] { languages.map(\.site) }

    /// The collections of a language's site taken whole from the default's: those without pages in it, of
    /// as many records (`SiteModeler.modelWithPositions(_:sharing:)`).
    static func sharedCollections(of site: Site, defaultSite: Site) -> Set<Int> {
        Set(
            site.collections.indices.filter { number in
                !site.collections[number].spec.hasPages
                    && defaultSite.collections[number].records.count == site.collections[number].records.count
            })
    }

    /// Every language modelled from its edition of `content`. `defaultSite`: the default language's, whose
    /// collections without pages in another language that one takes as they are
    /// (`SiteModeler.modelWithPositions(_:sharing:)`). `defaultPositions`: where each record of the content
    /// is in the default's site, which a collection taken from it keeps.
    init(_ content: Content, defaultSite: Site, defaultPositions: [[Int]]) throws(StageFailure) {
        try self.init(content) { edition, digest throws(StageFailure) in
            try Self.modelled(edition, config: digest, defaultSite: defaultSite, defaultPositions: defaultPositions)
        }
    }

    /// Each language other than the default, as `language` makes it from its edition and the digest of its
    /// config: the languages on every core (each is its own model, read from nothing the others write), in
    /// `languages:` order.
    init(_ content: Content, language: @Sendable (LanguageEdition, UInt64) throws(StageFailure) -> Language)
        throws(StageFailure)
    {
        let others = Array(content.config.languages.indices.dropFirst())
        let made = Parallel.map(others.count) { index -> (Diagnostic?, Result<Language, StageFailure>) in
            let edition = LanguageEdition(of: content, language: others[index])
            return (
                edition.warning,
                Result { () throws(StageFailure) in try language(edition, content.editionConfigDigest(others[index])) }
            )
        }
        for (warning, result) in made {
            warnings += warning.map { [$0] } ?? []
            languages.append(try result.get())
        }
    }

    /// A language's site modelled from its edition. Its records are the default's: what the default's model
    /// warns of, it warns of once.
    static func modelled(
        _ edition: LanguageEdition, config digest: UInt64, defaultSite: Site, defaultPositions: [[Int]]
    ) throws(StageFailure) -> Language {
        var (site, positions) = try SiteModeler().modelWithPositions(edition.content, sharing: defaultSite)
        site.warnings = []
        // Its config's text, which its pages' fingerprints start from, made here, on this language's core.
        _ = site.configText
        for number in positions.indices
        where positions[number].count != edition.content.collections[number].records.count {
            positions[number] = defaultPositions[number]
        }
        return Language(
            content: edition.content, config: digest, site: site, positions: positions, edits: nil, prior: nil)
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
