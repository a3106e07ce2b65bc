import WorldFactsModel
import WorldFactsOutput
import WorldFactsRender
import WorldFactsSearch

/// What the last build left that one language's generator keeps (`SiteGenerator.prior`): its files with
/// their inputs and, in a live build after a value edit, the pages the edit reaches, every row's inputs
/// made already, and the search index's memo to update. A clean build's keeps nothing.
struct GenerationPrior: Sendable {
    var output: any PriorOutput
    /// The pages an edit can reach; every other page is kept.
    var reach: EditReach? = nil
    /// Every row's inputs, made already.
    var rowInputs: [[UInt64]]? = nil
    /// Every row's inputs in the last build, which `rowInputs` updates.
    var priorRowInputs: [[UInt64]]? = nil
    /// When the searched values are unchanged: what the last build's search index left.
    var search: SearchMemo? = nil
    /// What the last build's downloads were made of, when it kept that (`DownloadRows`).
    var downloads: DownloadRows? = nil

    static let none = GenerationPrior(output: NoPriorOutput())

    /// What the renderer keeps of it.
    var render: RenderPrior {
        RenderPrior(output: output, reach: reach, downloads: downloads, rowInputs: priorRowInputs)
    }

    /// What the search index keeps: the files of its folder (a language's is in the language's folder),
    /// and the memo it updates where the edit changed rows (by the site's record numbers,
    /// `RecordCollection.offset`).
    func search(in site: Site) -> SearchPrior {
        let folder = site.config.folder
        return SearchPrior(
            output: folder.isEmpty ? output : PriorOutputInFolder(output, folder: folder), memo: search,
            changed: reach.map { reach in
                site.collections.flatMap { collection in reach.rows[collection.number].map { collection.offset + $0 } }
            } ?? [])
    }

    /// A live build's, after `reach`: the rows it reaches made again by `renderer`, the rest as the last
    /// build made them.
    static func edited(
        output: any PriorOutput, reach: EditReach, renderer: SiteRenderer, rowInputs: [[UInt64]]?,
        search: SearchMemo?, downloads: DownloadRows? = nil
    ) -> GenerationPrior {
        GenerationPrior(
            output: output, reach: reach,
            rowInputs: rowInputs.map { renderer.rowInputs(updating: $0, at: reach.rows) }, priorRowInputs: rowInputs,
            search: search, downloads: downloads)
    }
}
