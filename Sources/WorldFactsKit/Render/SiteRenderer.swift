import Dispatch

/// Renders the whole site: one page per record (in parallel, in chunks, so that only one chunk of
/// pages is in memory at a time), then the search index, the assets, the index and its section pages.
/// It hands the files to `emit` in batches, in a fixed order.
public struct SiteRenderer: Sendable {
    public let site: Site
    public let templates: TemplateSet
    public let theme: Theme
    let contexts: PageContexts
    let recordInputsBase: ContextFingerprint
    static let chunkSize = 1_024

    public init(site: Site, templates: TemplateSet, theme: Theme) {
        self.site = site
        self.templates = templates
        self.theme = theme
        contexts = PageContexts(site: site)
        recordInputsBase = contexts.recordInputsBase(templates: templates.fingerprint)
    }

    /// Renders a page, unless `reuse` says the previous build's page has the same inputs; the context
    /// is made only when the page is rendered.
    func page(_ path: String, template: String, inputs: String, reuse: ReuseIndex, context: () -> TemplateValue) -> OutputFile {
        if reuse.canReuse(path, inputs: inputs) { return .reused(path: path, inputs: inputs) }
        return OutputFile(path: path, bytes: templates.render(context(), with: template), inputs: inputs)
    }

    /// A page whose inputs are its context, fingerprinted.
    func page(_ path: String, template: String, context: TemplateValue, reuse: ReuseIndex) -> OutputFile {
        let inputs = ContextFingerprint.of(templates: templates.fingerprint, template: template, context: context)
        return page(path, template: template, inputs: inputs, reuse: reuse) { context }
    }

    public func render<Failure: Error>(reuse: ReuseIndex = .none, _ emit: ([OutputFile]) throws(Failure) -> Void) throws(Failure) {
        // The search index is computed on another thread while the record pages are rendered and
        // written: its work fills the time the writes spend in the kernel.
        let search = Slots<SearchIndex>(count: 1)
        let searching = DispatchGroup()
        // What each index row is made of: the search index and the section pages both read it.
        let hasSearch = !site.config.search.scopes.isEmpty
        let rowBase = contexts.rowInputsBase()
        let rowInputs = hasSearch || site.isIndexSplit
            ? Slots.concurrentMap(site.records.count) { [contexts] in contexts.rowInputs($0, base: rowBase) } : nil
        if hasSearch, let rowInputs {
            DispatchQueue.global().async(group: searching) { [site, contexts, reuse] in
                let rows = SearchRows(inputs: rowInputs,
                                      titleAndPathBytes: site.records.indices.map { site.records[$0].title.utf8.count + site.pagePathBytes(of: $0) },
                                      row: contexts.row)
                search.set(0, SearchIndex(site: site, rows: rows, reuse: reuse))
            }
        }
        var start = 0
        while start < site.records.count {
            let end = min(start + Self.chunkSize, site.records.count)
            try emit(renderRecordPages(start..<end, reuse: reuse))
            start = end
        }
        searching.wait()

        var pages = theme.assets.sorted(by: { $0.key < $1.key }).map { OutputFile(path: "assets/" + $0.key, bytes: $0.value) }
        var indexExtra: TemplateObject = [:]
        if !site.config.search.scopes.isEmpty {
            let search = search.values[0]
            try emit(search.files)
            indexExtra["search"] = [
                "manifest": .text(search.manifest),
                "scopes": .list(site.config.search.scopes.enumerated().map { offset, scope -> TemplateValue in
                    ["id": .text(scope.id), "label": .text(scope.label), "checked": .flag(offset == 0)]
                }),
            ]
        }
        pages.append(page("index.html", template: "index", context: contexts.index(extra: indexExtra), reuse: reuse))
        if templates.has("404") {
            pages.append(page("404.html", template: "404", context: contexts.notFound(), reuse: reuse))
        }
        if site.isIndexSplit {
            // Fingerprinted from their rows before any context is made, as record pages are.
            pages += Slots<OutputFile>.concurrentMap(site.sections.count) { position in
                page(site.sectionPagePath(of: position), template: "index",
                     inputs: contexts.sectionPageInputs(position, templates: templates.fingerprint, rows: rowInputs), reuse: reuse) {
                    contexts.sectionPage(position)
                }
            }
        }
        try emit(pages)
    }

    /// A record page is fingerprinted from what its context is made of, before the context is made:
    /// an unchanged page of a large site costs a hash, not a context.
    public func recordPage(_ position: Int, reuse: ReuseIndex = .none) -> OutputFile {
        page(site.pagePath(of: position), template: "record", inputs: contexts.recordInputs(position, base: recordInputsBase),
             reuse: reuse) { contexts.record(position) }
    }

    func renderRecordPages(_ range: Range<Int>, reuse: ReuseIndex) -> [OutputFile] {
        Slots<OutputFile>.concurrentMap(range.count) { recordPage(range.lowerBound + $0, reuse: reuse) }
    }
}
