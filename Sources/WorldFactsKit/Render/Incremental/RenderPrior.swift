import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// What the last build left that rendering may keep: its files with the inputs each was made from (a
/// page whose inputs are unchanged is not rendered again: `SiteRenderer.page`), and, after an edit, the
/// pages the edit reaches (`EditReach`; the writer keeps every other), what its rows and its downloads were
/// made of. A clean renderer has `none`.
public struct RenderPrior: Sendable {
    public var output: any PriorOutput
    public var reach: EditReach?
    /// After an edit, in `watch`: what the last build's downloads were made of (`DownloadRows`).
    public var downloads: DownloadRows?
    /// After an edit: what each row of the last build was made of (`SiteRenderer.rowInputs()`), for a page
    /// of rows made from the last build's page (`RowSplice`).
    public var rowInputs: [[UInt64]]?

    public init(
        output: any PriorOutput, reach: EditReach? = nil, downloads: DownloadRows? = nil, rowInputs: [[UInt64]]? = nil
    ) {
        self.output = output
        self.reach = reach
        self.downloads = downloads
        self.rowInputs = rowInputs
    }

    public static let none = RenderPrior(output: NoPriorOutput())
}

extension SiteRenderer {
    /// This renderer, making only the pages `prior` does not keep.
    public func keeping(_ prior: RenderPrior) -> SiteRenderer {
        var renderer = self
        renderer.prior = prior
        return renderer
    }

    /// `rowInputs()` made again only at `rows` (by collection, the positions whose rows may have
    /// changed, as `EditReach.rows`), the rest as `prior` has them.
    public func rowInputs(updating prior: [[UInt64]], at rows: [[Int]]) -> [[UInt64]] {
        var inputs = prior
        for (contexts, positions) in zip(contexts, rows) where !positions.isEmpty {
            let base = contexts.rowInputsBase()
            for position in positions {
                inputs[contexts.collection.number][position] = contexts.rowInputs(position, base: base)
            }
        }
        return inputs
    }
}
