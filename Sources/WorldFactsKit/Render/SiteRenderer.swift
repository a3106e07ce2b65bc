import WorldFactsModel
import WorldFactsMustache
import WorldFactsOutput
import WorldFactsSupport

/// Renders the pages of a site: one per record (in parallel, a range at a time, so that only one range
/// of pages is in memory at once), then the assets, the home page or index, the 404 page, each
/// collection's index and section pages, the complete lists and the group pages. A page whose inputs
/// are those of the last build's page is not rendered again (`RenderPrior`).
public struct SiteRenderer: Sendable {
    public let site: Site
    public let templates: TemplateSet
    public let theme: Theme
    public let values: SiteValues
    /// By collection.
    public let contexts: [PageContexts]
    let recordInputsBases: [ContextFingerprint]
    /// Which template renders each kind of page (`TemplateLookup`).
    let lookup: TemplateLookup
    /// By collection, the template of its record pages.
    let recordTemplates: [String]
    /// What the last build left that this renderer keeps (`keeping(_:)`): nothing, in a clean build.
    public internal(set) var prior = RenderPrior.none
    /// Whether `indexPages` gives what the downloads were made of, for the next build (`watch`'s) to
    /// start from. A build that keeps nothing lets each download's parts go once it is made.
    public var keepsDownloadRows = false
    /// The feed of the data's changes after this build (`changes:`): its page, its Atom feed and, in the
    /// default language, its history (`ChangesFile`). Nil for none.
    public var changes: ChangeHistory?

    public init(site: Site, templates: TemplateSet, theme: Theme) {
        self.site = site
        self.templates = templates
        self.theme = theme
        let values = SiteValues(
            site: site,
            assets: PublishedAssets(theme: theme, offline: site.config.offline != nil, maps: site.config.hasMaps))
        self.values = values
        contexts = site.collections.indices.map {
            PageContexts(
                site: site, collection: $0, values: values, fieldsByName: templates.namesFields,
                leadsNotes: templates.leadsNotes)
        }
        recordInputsBases = contexts.map { $0.recordInputsBase(templates: templates.fingerprint) }
        lookup = TemplateLookup(templates: templates.names, config: site.config)
        recordTemplates = site.collections.map { [lookup] in lookup.template(.record, owner: $0.spec.id) }
    }

    /// Renders a page, unless the last build's page has the same inputs (`prior`); the context is made
    /// only when the page is rendered. `inputs` is the page's fingerprint as the manifest keeps it.
    /// A page that `spliced` makes from the last build's (`RowSplice`) is not rendered.
    func page(
        _ path: String, template: String, inputs: UInt64, spliced: () -> [UInt8]? = { nil },
        context: () -> TemplateValue
    ) -> OutputFile {
        if prior.output.canReuse(path, inputs: inputs) { return .reused(path: path, inputsValue: inputs) }
        let bytes = spliced() ?? templates.render(context(), with: template)
        return OutputFile(path: path, bytes: bytes, inputsValue: inputs)
    }

    /// `page` for a fingerprint given as its hex text (`ContextFingerprint.value`).
    func page(
        _ path: String, template: String, inputs: String, spliced: () -> [UInt8]? = { nil },
        context: () -> TemplateValue
    ) -> OutputFile {
        page(path, template: template, inputs: OutputFile.inputsNumber(inputs), spliced: spliced, context: context)
    }

    /// A page whose inputs are its context, fingerprinted.
    func page(_ path: String, template: String, context: TemplateValue) -> OutputFile {
        let inputs = ContextFingerprint.of(templates: templates.fingerprint, template: template, context: context)
        return page(path, template: template, inputs: inputs) { context }
    }

    /// What each index row is made of (`IndexRows.inputs`), by collection and record position, on every
    /// core: the search index, the section pages and the group pages read them.
    public func rowInputs(skipping skipped: Set<Int> = []) -> [[UInt64]] {
        contexts.map { contexts in
            // A collection another language's rows stand in for (`SiteGenerator.defaultLanguage`).
            guard !skipped.contains(contexts.collection.number) else { return [] }
            let base = contexts.rowInputsBase()
            return Parallel.map(contexts.collection.records.count) { contexts.rowInputs($0, base: base) }
        }
    }

    /// A record page is fingerprinted from what its context is made of, before the context is made:
    /// an unchanged page of a large site costs a hash, not a context.
    public func recordPage(_ position: Int, in collection: Int = 0) -> OutputFile {
        let contexts = contexts[collection]
        let path = contexts.pagePath(of: position)
        let inputs = contexts.recordInputs(position, base: recordInputsBases[collection])
        if prior.output.canReuse(path, inputs: inputs) { return .reused(path: path, inputsValue: inputs) }
        // From a plan of the page's shape: a tree of its context is made only for a shape's first page.
        let bytes = templates.renderPlanned(
            RecordContext(contexts: contexts, position: position), with: recordTemplates[collection])
        return OutputFile(path: path, bytes: bytes, inputsValue: inputs)
    }

    /// The record pages of a range of positions of a collection, made when the writer asks for them: on
    /// the core that writes them, where the file system allows it (`OutputBatch`). After an edit
    /// (`prior.reach`: a build that keeps every page it does not make), only those of the range it reaches.
    public func recordPageBatch(_ range: Range<Int>, in collection: Int = 0) -> OutputBatch {
        let positions = prior.reach.map { reach in range.filter { reach.recordPages[collection].contains($0) } }
        return .lazy(count: positions?.count ?? range.count) { [self] number in
            recordPage(positions?[number] ?? range.lowerBound + number, in: collection)
        }
    }

    /// The assets, the home page (a site of several collections), the 404 page when there is a template
    /// for it, each collection's index and the section pages of a split index, the complete lists of
    /// records that link to a record, and the group pages. `rowInputs`, when given, holds `rowInputs()`.
    /// After an edit (`prior.reach`: a build that keeps every page it does not make), only the index,
    /// section, list and group pages it reaches: not the home page, the 404 page or a group's overview,
    /// whose titles, counts and values the edits fix (`EditReach`).
    ///
    /// The pages go to `emit` a few at a time, in a fixed order: a split index's section pages run to
    /// hundreds of kilobytes each, so they are never held all at once. Gives what the downloads were made
    /// of when the renderer keeps it (`keepsDownloadRows`), for the next build's edit to start from.
    @discardableResult
    public func indexPages<Failure: Error>(
        rowInputs: [[UInt64]]?, _ emit: ([OutputFile]) throws(Failure) -> Void
    ) throws(Failure) -> DownloadRows {
        var downloads = DownloadRows()
        // A language other than the default shares the default's assets, 404 page, downloads and redirects.
        let isEdition = site.config.isEdition
        var pages = isEdition ? [] : values.assets.files(of: theme)
        let edited = prior.reach != nil
        if site.hasHome, !edited {
            let context = HomeContext(site: site, values: values).context()
            pages.append(page(site.homePath, template: lookup.template(.home), context: context))
        }
        if templates.has("404"), !isEdition, !edited {
            pages.append(page("404.html", template: lookup.template(.notFound), context: values.notFound()))
        }
        if let changes { pages += changesFiles(changes) }
        for contexts in self.contexts where contexts.collection.spec.hasPages {
            let made = try collectionPages(contexts, rowInputs: rowInputs, pages: &pages, emit)
            if keepsDownloadRows, let made { downloads.keep(made, of: contexts.collection.number) }
        }
        for groupNumber in site.groups.indices where site.collections[site.groups[groupNumber].collection].spec.hasPages
        {
            try groupPages(groupNumber, rowInputs: rowInputs, pages: &pages, emit)
        }
        if !pages.isEmpty { try emit(pages) }
        return downloads
    }

    /// `changes.html`, `changes.xml` with a base URL, and in the default language `changes.json`.
    private func changesFiles(_ history: ChangeHistory) -> [OutputFile] {
        let entries = ChangeViews(site: site).entries(history)
        let context = ChangesContext(site: site, values: values)
        var files = [page(context.path, template: lookup.template(.changes), context: context.context(entries))]
        if let url = site.config.url { files.append(ChangesFeed(url: url, site: site).file(entries)) }
        if !site.config.isEdition {
            files.append(OutputFile(path: ChangesFile.path, bytes: ChangesFile.bytes(history)))
        }
        return files
    }

    /// Hands on the pages made so far, then makes `count` more on every core, a range at a time.
    private func many<Failure: Error>(
        _ count: Int, pages: inout [OutputFile], _ emit: ([OutputFile]) throws(Failure) -> Void,
        _ make: @Sendable (Int) -> OutputFile
    ) throws(Failure) {
        for start in stride(from: 0, to: count, by: Self.indexPagesAtOnce) {
            pages += Parallel.map(min(Self.indexPagesAtOnce, count - start)) { make(start + $0) }
            try emit(pages)
            pages = []
        }
    }

    /// A collection's index, its redirects and downloads, the section pages of a split index, and the
    /// complete pages of its lists. Gives what its downloads were made of, and their bytes (`Downloads`), if it
    /// has any.
    private func collectionPages<Failure: Error>(
        _ contexts: PageContexts, rowInputs: [[UInt64]]?, pages: inout [OutputFile],
        _ emit: ([OutputFile]) throws(Failure) -> Void
    ) throws(Failure) -> Downloads? {
        let (reach, isEdition) = (prior.reach, site.config.isEdition)
        let collection = contexts.collection
        let owner = collection.spec.id
        if reach?.reachesIndex(of: collection) ?? true {
            pages.append(
                page(collection.indexPath, template: lookup.template(.index, owner: owner), context: contexts.index()))
        }
        // Few, and made on every build: a redirect names its record's page and title.
        let aliases = AliasPages(collection)
        if !isEdition {
            pages += aliases.pages.indices.map { RedirectPage(site: site).file($0, of: aliases, in: collection) }
        }
        var downloads: Downloads?
        if !collection.spec.downloads.isEmpty, !isEdition {
            let made = self.downloads(of: collection)
            pages += made.files
            downloads = made
        }
        if collection.isIndexSplit {
            // Fingerprinted from their rows before any context is made, as record pages are.
            let made = collection.indexPages.indices.filter {
                reach?.holdsRow(collection.indexPages[$0], of: collection.number) ?? true
            }
            let template = lookup.template(.section, owner: owner)
            try many(made.count, pages: &pages, emit) { number in
                let position = made[number]
                let inputs = contexts.sectionPageInputs(
                    position, templates: templates.fingerprint, rows: rowInputs?[collection.number])
                return page(collection.indexPages[position].path, template: template, inputs: inputs) {
                    contexts.sectionPage(position)
                }
            }
        }
        let listTemplate = lookup.template(.list, owner: owner)
        for (listNumber, list) in site.lists[collection.number].enumerated() {
            let cut =
                reach.map { reach in reach.listPages[collection.number][listNumber].sorted().filter(list.isCut) }
                ?? collection.records.indices.filter { list.isCut($0) }
            let rows = rowInputs?[list.spec.source]
            try many(cut.count, pages: &pages, emit) { number in
                let path = list.pagePath(of: cut[number], in: collection)
                let inputs = contexts.listPageInputs(
                    list, cut[number], templates: templates.fingerprint, rowInputs: rows)
                return page(
                    path, template: listTemplate, inputs: inputs,
                    spliced: {
                        splicedListPage(
                            contexts, list, cut[number], path: path, template: listTemplate, rowInputs: rows)
                    }
                ) { contexts.listPage(list, cut[number]) }
            }
        }
        return downloads
    }

    /// A group's overview, the page of each of its values, and the section pages of a large value.
    private func groupPages<Failure: Error>(
        _ groupNumber: Int, rowInputs: [[UInt64]]?, pages: inout [OutputFile],
        _ emit: ([OutputFile]) throws(Failure) -> Void
    ) throws(Failure) {
        let group = site.groups[groupNumber]
        let contexts = GroupContexts(site: site, group: group, values: values)
        let template = lookup.template(.group, owner: group.spec.name)
        if prior.reach == nil {
            pages.append(
                page(
                    group.overviewPath, template: lookup.template(.groups, owner: group.spec.name),
                    context: contexts.overview()))
        }
        let values = prior.reach.map { $0.groupPages[groupNumber].sorted() } ?? Array(group.values.indices)
        let rows = rowInputs?[group.collection]
        try many(values.count, pages: &pages, emit) { number in
            let inputs = contexts.pageInputs(values[number], templates: templates.fingerprint, rowInputs: rows)
            return page(group.pagePath(of: values[number]), template: template, inputs: inputs) {
                contexts.page(values[number])
            }
        }
        // A large value's section pages: those of a value an edit reaches are compared by their inputs.
        let sectionPages = values.flatMap { value in group.values[value].pages.indices.map { (value, $0) } }
        try many(sectionPages.count, pages: &pages, emit) { number in
            let (value, section) = sectionPages[number]
            let inputs = contexts.sectionPageInputs(
                value, section, templates: templates.fingerprint, rowInputs: rows)
            return page(group.values[value].pages[section].path, template: template, inputs: inputs) {
                contexts.sectionPage(value, section)
            }
        }
    }

    /// How many index pages are made at once: a section page of a large index is a few hundred KB.
    static let indexPagesAtOnce = 16
}
