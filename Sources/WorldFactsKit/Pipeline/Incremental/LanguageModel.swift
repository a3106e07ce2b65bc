import WorldFactsModel
import WorldFactsSearch

/// What a build leaves in memory of a language other than the default (`PriorModel.languages`), for the
/// next build to put value edits into as it does the default's: the language's edition of the content
/// (`LanguageEdition`), the site modelled from it, where each record is in it, what each of its rows is
/// made of, and what its search index left.
struct LanguageModel: Sendable {
    let content: Content
    /// The digest of the edition's config (`BuildSnapshot.digest`): a model is compared only with an
    /// edition of the same.
    let config: UInt64
    let site: Site
    /// By collection, the position in `site` of each record of `content`.
    let positions: [[Int]]
    let rowInputs: [[UInt64]]?
    let search: SearchMemo?
}
