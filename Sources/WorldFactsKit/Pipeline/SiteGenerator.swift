import WorldFactsModel
import WorldFactsRender
import WorldFactsSearch
import WorldFactsSupport

/// Makes every file of the site, in the order the writer takes them: the record pages a range at a time,
/// while the search index is made on another thread (its work fills the time the writes spend in the
/// kernel); then the search shards; then the assets, the index, the 404 page and the section pages.
/// Render and Search are stages of their own; this is where they meet.
struct SiteGenerator: Sendable {
    let renderer: SiteRenderer
    static let recordPagesAtOnce = 1_024

    var site: Site { renderer.site }

    func generate<Failure: Error>(
        previous: any PreviousOutput, _ emit: ([OutputFile]) throws(Failure) -> Void
    ) throws(Failure) {
        let hasSearch = !site.config.search.scopes.isEmpty
        // What each index row is made of: the search index and the section pages both read it.
        let rowInputs = hasSearch || site.isIndexSplit ? renderer.rowInputs() : nil
        let search =
            hasSearch
            ? rowInputs.map { rowInputs in
                BackgroundValue { [site, renderer] in
                    SearchIndex(
                        site: site, rows: Self.searchRows(site: site, renderer: renderer, inputs: rowInputs),
                        previous: previous)
                }
            } : nil
        var start = 0
        while start < site.records.count {
            let end = min(start + Self.recordPagesAtOnce, site.records.count)
            try emit(renderer.recordPages(start..<end, previous: previous))
            start = end
        }
        let index = search?.wait()
        if let index { try emit(index.files) }
        try emit(renderer.indexPages(searchManifest: index?.manifest, rowInputs: rowInputs, previous: previous))
    }

    /// The rows the search index shows, made by the renderer when the index needs them.
    static func searchRows(site: Site, renderer: SiteRenderer, inputs: [UInt64]) -> SearchRows {
        SearchRows(
            inputs: inputs,
            titleAndPathBytes: site.records.indices.map {
                site.records[$0].title.utf8.count + site.pagePathBytes(of: $0)
            },
            row: renderer.contexts.row)
    }
}
