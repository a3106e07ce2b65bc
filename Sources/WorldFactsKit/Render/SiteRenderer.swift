import Dispatch

/// Renders the whole site: the assets, the search index, the index, one page per record (in parallel,
/// in chunks, so that only one chunk of pages is in memory at a time). It hands the files to `emit` in
/// batches, in a fixed order.
public struct SiteRenderer: Sendable {
    public let site: Site
    public let templates: TemplateSet
    public let theme: Theme
    let contexts: PageContexts
    static let chunkSize = 1_024

    public init(site: Site, templates: TemplateSet, theme: Theme) {
        self.site = site
        self.templates = templates
        self.theme = theme
        contexts = PageContexts(site: site)
    }

    public func render<Failure: Error>(_ emit: ([OutputFile]) throws(Failure) -> Void) throws(Failure) {
        var pages = theme.assets.sorted(by: { $0.key < $1.key }).map { OutputFile(path: "assets/" + $0.key, bytes: $0.value) }
        var indexExtra: [String: Any] = [:]
        if !site.config.search.scopes.isEmpty {
            let search = SearchIndex(site: site, rows: site.records.indices.map(contexts.row))
            try emit(search.files)
            indexExtra["search"] = [
                "manifest": search.manifest,
                "scopes": site.config.search.scopes.enumerated().map { offset, scope -> [String: Any] in
                    ["id": scope.id, "label": scope.label, "checked": offset == 0]
                },
            ]
        }
        pages.append(OutputFile(path: "index.html", text: templates.render(contexts.index(extra: indexExtra), with: "index")))
        if templates.has("404") {
            pages.append(OutputFile(path: "404.html", text: templates.render(contexts.notFound(), with: "404")))
        }
        if site.isIndexSplit {
            for position in site.sections.indices {
                pages.append(OutputFile(path: site.sectionPagePath(of: position),
                                        text: templates.render(contexts.sectionPage(position), with: "index")))
            }
        }
        try emit(pages)
        var start = 0
        while start < site.records.count {
            let end = min(start + Self.chunkSize, site.records.count)
            try emit(renderRecordPages(start..<end))
            start = end
        }
    }

    public func recordPage(_ position: Int) -> OutputFile {
        OutputFile(path: site.pagePath(of: position), text: templates.render(contexts.record(position), with: "record"))
    }

    func renderRecordPages(_ range: Range<Int>) -> [OutputFile] {
        let slots = Slots<OutputFile>(count: range.count)
        DispatchQueue.concurrentPerform(iterations: range.count) { offset in
            slots.set(offset, recordPage(range.lowerBound + offset))
        }
        return slots.values
    }
}

/// Fixed slots that parallel workers fill, each its own index; the buffer is allocated once, so no
/// worker ever touches shared array storage.
final class Slots<Value>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Value?>
    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }
    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
    func set(_ index: Int, _ value: Value) { buffer[index] = value }
    var values: [Value] { buffer.map { $0! } }
}
