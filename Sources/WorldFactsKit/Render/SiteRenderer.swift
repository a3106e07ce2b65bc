import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// Renders the pages of a site: one per record (in parallel, a range at a time, so that only one range
/// of pages is in memory at once), then the assets, the index, the 404 page and the index's section
/// pages. A page whose inputs are those of the previous build's page is not rendered again.
public struct SiteRenderer: Sendable {
    public let site: Site
    public let templates: TemplateSet
    public let theme: Theme
    public let contexts: PageContexts
    let recordInputsBase: ContextFingerprint

    public init(site: Site, templates: TemplateSet, theme: Theme) {
        self.site = site
        self.templates = templates
        self.theme = theme
        contexts = PageContexts(site: site)
        recordInputsBase = contexts.recordInputsBase(templates: templates.fingerprint)
    }

    /// Renders a page, unless `previous` says the previous build's page has the same inputs; the context
    /// is made only when the page is rendered.
    func page(
        _ path: String, template: String, inputs: String, previous: any PreviousOutput, context: () -> TemplateValue
    ) -> OutputFile {
        if previous.canReuse(path, inputs: inputs) { return .reused(path: path, inputs: inputs) }
        return OutputFile(path: path, bytes: templates.render(context(), with: template), inputs: inputs)
    }

    /// A page whose inputs are its context, fingerprinted.
    func page(_ path: String, template: String, context: TemplateValue, previous: any PreviousOutput) -> OutputFile {
        let inputs = ContextFingerprint.of(templates: templates.fingerprint, template: template, context: context)
        return page(path, template: template, inputs: inputs, previous: previous) { context }
    }

    /// What each index row is made of (`PageContexts.rowInputs`), by record position, on every core: the
    /// search index and the section pages both read them.
    public func rowInputs() -> [UInt64] {
        let base = contexts.rowInputsBase()
        return Parallel.map(site.records.count) { [contexts] in contexts.rowInputs($0, base: base) }
    }

    /// A record page is fingerprinted from what its context is made of, before the context is made:
    /// an unchanged page of a large site costs a hash, not a context.
    public func recordPage(_ position: Int, previous: any PreviousOutput = NoPreviousOutput()) -> OutputFile {
        page(
            site.pagePath(of: position), template: "record",
            inputs: contexts.recordInputs(position, base: recordInputsBase),
            previous: previous
        ) { contexts.record(position) }
    }

    /// The record pages of a range of positions, on every core.
    public func recordPages(_ range: Range<Int>, previous: any PreviousOutput) -> [OutputFile] {
        Parallel.map(range.count) { recordPage(range.lowerBound + $0, previous: previous) }
    }

    /// The assets, the index page (with the search manifest, when the site has search), the 404 page
    /// when there is a template for it, and the section pages of a split index. `rowInputs`, when
    /// given, holds `rowInputs()`.
    public func indexPages(
        searchManifest: String?, rowInputs: [UInt64]?, previous: any PreviousOutput = NoPreviousOutput()
    ) -> [OutputFile] {
        var pages = theme.assets.sorted(by: { $0.key < $1.key }).map {
            OutputFile(path: "assets/" + $0.key, bytes: $0.value)
        }
        var indexExtra: TemplateObject = [:]
        if let searchManifest {
            indexExtra["search"] = [
                "manifest": .text(searchManifest),
                "scopes": .list(
                    site.config.search.scopes.enumerated().map { offset, scope -> TemplateValue in
                        ["id": .text(scope.id), "label": .text(scope.label), "checked": .flag(offset == 0)]
                    }),
            ]
        }
        pages.append(
            page("index.html", template: "index", context: contexts.index(extra: indexExtra), previous: previous))
        if templates.has("404") {
            pages.append(page("404.html", template: "404", context: contexts.notFound(), previous: previous))
        }
        if site.isIndexSplit {
            // Fingerprinted from their rows before any context is made, as record pages are.
            pages += Parallel.map(site.sections.count) { position in
                page(
                    site.sectionPagePath(of: position), template: "index",
                    inputs: contexts.sectionPageInputs(position, templates: templates.fingerprint, rows: rowInputs),
                    previous: previous
                ) {
                    contexts.sectionPage(position)
                }
            }
        }
        return pages
    }
}
