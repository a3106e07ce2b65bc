import WorldFactsModel
import WorldFactsSearch
import WorldFactsSupport

/// What a build leaves in memory of a language other than the default (`PriorModel.languages`), for the
/// next build to put value edits into as it does the default's: the language's edition of the content
/// (`LanguageEdition`), the site modelled from it, where each record is in it, what each of its rows is
/// made of, and what its search index left.
struct LanguageModel: Sendable {
    let content: Content
    /// The digest of the edition's config (`Content.editionConfigDigest`): a model is compared only with an
    /// edition of the same.
    let config: UInt64
    let site: Site
    /// By collection, the position in `site` of each record of `content`.
    let positions: [[Int]]
    let rowInputs: [[UInt64]]?
    let search: SearchMemo?
}

extension LanguageSites {
    /// Language `number`'s model (1 the first after the default), with what its generator made, for the
    /// next build to put edits into.
    func model(_ number: Int, made: SiteGenerator.Made) -> LanguageModel {
        let language = languages[number - 1]
        return LanguageModel(
            content: language.content, config: language.config, site: language.site, positions: language.positions,
            rowInputs: made.rowInputs, search: made.search)
    }
    /// Every language, each its last model with the default's value edits put in where its edition changed
    /// only in those records' values (`PriorModel.language`, `ValueEdits.ofRecords`), else modelled anew.
    /// `prior`: the default's model of the last build, whose site the default's is with value edits in
    /// (`defaultEdits`), whose sweeps of the collections an edition takes from the default are its own.
    init(
        _ content: Content, defaultSite: Site, defaultPositions: [[Int]], prior: PriorModel, defaultEdits: ValueEdits
    ) throws(StageFailure) {
        try self.init(content) { edition, digest throws(StageFailure) in
            if let last = prior.language(
                edition.language, edition: edition.content, config: digest, defaultSite: defaultSite),
                let edits = ValueEdits.ofRecords(
                    old: last.content, new: edition.content, site: last.site, positions: last.positions,
                    known: defaultEdits.sweeps)
            {
                return Language(
                    content: edition.content, config: digest,
                    site: Self.edited(last.site, edits, defaultSite: defaultSite), positions: last.positions,
                    edits: edits, prior: last)
            }
            return try Self.modelled(
                edition, config: digest, defaultSite: defaultSite, defaultPositions: defaultPositions)
        }
    }

    /// A language's last site with `edits` put in, as its default's was: the collections it takes from the
    /// default's are taken from `defaultSite` again, edits and all, and only the lists they are in are put
    /// in order again (none of their records is copied).
    static func edited(_ prior: Site, _ edits: ValueEdits, defaultSite: Site) -> Site {
        var site = prior
        let shared = sharedCollections(of: prior, defaultSite: defaultSite)
        for number in shared {
            let spec = site.collections[number].spec
            site.collections[number] = defaultSite.collections[number]
            site.collections[number].spec = spec
        }
        site.apply(edits, edited: shared)
        return site
    }
}
