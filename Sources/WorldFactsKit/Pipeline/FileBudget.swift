import WorldFactsModel
import WorldFactsRender
import WorldFactsSupport

/// The files a build of the site leaves, counted from its model and its search plan before any file is
/// written, by what makes them and the keys that shrink each: what `--max-files` (`max_files:`) holds a
/// build to, failing it with nothing written.
///
/// In a site of several languages each other language's files count too, named with its folder
/// (`sv/ countries record pages`): its pages are known from its model before anything is written, its
/// search files once its index is made, just before it writes (`Languages`).
struct FileBudget {
    struct Contributor {
        var name: String
        var files: Int
        /// How to make fewer: the keys of site.yml that shrink it, with their values.
        var shrink: String
        /// What to do when this one alone is more than the limit, when that differs from `shrink`.
        var alone: String?
    }

    var contributors: [Contributor] = []
    var total: Int { contributors.reduce(0) { $0 + $1.files } }

    /// `searchFiles`: the search index's files (`SearchIndex.fileCount`). A language other than the default
    /// counts only what it writes in its folder: no assets, 404 page, downloads, redirects or sitemap.
    init(site: Site, assets: Int, notFoundPage: Bool, searchFiles: Int) {
        let config = site.config
        let isEdition = config.isEdition
        let language = isEdition ? config.folder + " " : ""
        var pages = 0
        for collection in site.collections where collection.spec.hasPages {
            // Named with the language's folder; the keys that shrink it are site.yml's, named by the id alone.
            let (id, name) = (collection.spec.id, language + collection.spec.id)
            let redirects = isEdition ? 0 : AliasPages(collection).pages.count
            add(
                "\(name) record pages", collection.records.count, "one per record",
                alone: Self.fewerRecords(collection.spec, shortForm: site.collections.count == 1 && id == "records"))
            pages += collection.records.count + 1
            add("\(name) index", 1, "one per collection")
            if collection.isIndexSplit {
                add(
                    "\(name) section pages", collection.indexPages.count,
                    "raise collections[\(id)].index.split_above (now \(collection.spec.index.splitAbove)) to keep one"
                        + " index page, or section_size (now \(collection.spec.index.sectionSize))")
                pages += collection.indexPages.count
            }
            for list in site.lists[collection.number] {
                let cut = collection.records.indices.filter(list.isCut).count
                add(
                    "\(name) complete lists '\(list.spec.id)'", cut,
                    "raise collections[\(id)].lists[\(list.spec.id)].limit (now \(list.spec.limit)): a record page"
                        + " then shows more of the list, and fewer need a page of their own")
                pages += cut
            }
            add("\(name) redirects of former keys", redirects, "collections[\(id)].aliases")
            add(
                "\(name) data downloads", isEdition ? 0 : collection.spec.downloads.count,
                "collections[\(id)].downloads")
        }
        for group in site.groups where site.collections[group.collection].spec.hasPages {
            let count = group.values.count + 1 + group.values.reduce(0) { $0 + $1.pages.count }
            add(
                "\(language)group pages '\(group.spec.pagesFolder)'", count,
                "one per value of the group's field (and one per section of a large one), and an overview")
            pages += count
        }
        add(
            language + "search files", searchFiles,
            "raise search.shard_budget (now \(config.search.shardBudget)): larger shards, fewer of them")
        if config.changes != nil {
            // Its page, its Atom feed with a base URL, and in the default language the history.
            add(
                language + "changes", 1 + (config.url != nil ? 1 : 0) + (isEdition ? 0 : 1),
                "the page of the data's changes (changes:)")
            pages += 1
        }
        guard !isEdition else {
            add(language + "home", site.hasHome ? 1 : 0, "one per language")
            return
        }
        // The assets, the home page, the 404 page and `_headers`.
        var other = assets + (notFoundPage ? 1 : 0) + (site.hasHome ? 1 : 0) + 1
        if config.url != nil {
            pages += site.hasHome ? 1 : 0
            other += 1 + (pages > Self.sitemapURLs ? 1 + (pages + Self.sitemapURLs - 1) / Self.sitemapURLs : 1)
        }
        add("assets, home, 404, sitemap, _headers", other, "the theme's assets/")
    }

    static let sitemapURLs = 50_000

    /// The budgets of a site's languages, the default's first, checked against one limit: each other
    /// language counts its pages from the start and its search files once its index is made.
    struct Languages {
        /// By language, the default's first (empty until it is checked).
        private var budgets: [FileBudget]
        let limit: Int
        let source: SourceLocation

        /// `languages`: the sites of the languages other than the default.
        init(languages: [Site], limit: Int, source: SourceLocation) {
            budgets =
                [FileBudget()] + languages.map { FileBudget(site: $0, assets: 0, notFoundPage: false, searchFiles: 0) }
            self.limit = limit
            self.source = source
        }

        /// Checks the whole with `budget` as that of the language numbered `language` (0, the default, before
        /// anything is written; another once its search files are known, files already written being
        /// rolled back by the caller).
        mutating func check(_ budget: FileBudget, language: Int) throws(StageFailure) {
            budgets[language] = budget
            try FileBudget(contributors: budgets.flatMap(\.contributors)).check(limit, source: source)
        }
    }

    /// The check of a build's every language against its limit (`--max-files`, else site.yml's
    /// `max_files`), each language as its search files become known: the default's before anything is
    /// written, another's before it writes.
    final class Gate {
        private var budgets: Languages
        /// By language, the default's first.
        private let sites: [Site]
        private let assets: Int
        private let notFoundPage: Bool

        /// Nil when the build has no limit.
        init?(options: BuildOptions, site: Site, languages: [Site], templates: TemplateSet, theme: Theme) {
            let limit =
                options.maxFiles.map { ($0, "--max-files") }
                ?? site.config.maxFiles.map { ($0, joinPath(options.content, "site.yml") + ": max_files") }
            guard let (most, source) = limit else { return nil }
            budgets = Languages(languages: languages, limit: most, source: SourceLocation(file: source))
            sites = [site] + languages
            // The assets as published: an installable site's worker is not one of them, and on a site that
            // is not installable neither is its page script; its own files count with them (`OfflineApp`):
            // the manifest, the worker, the icon, and the list of files to save, which a site over
            // `save_kb` does not have.
            let offline = site.config.offline
            let offlineFiles = offline.map { 2 + ($0.iconBytes == nil ? 0 : 1) + ($0.saveBytes > 0 ? 1 : 0) } ?? 0
            let published = PublishedAssets(theme: theme, offline: offline != nil, maps: site.config.hasMaps).paths
                .count
            (assets, notFoundPage) = (published + offlineFiles, templates.has("404"))
        }

        /// The check of language `language` once its number of search files is known. Only the default
        /// language has assets and a 404 page of its own.
        func check(language: Int) -> (_ searchFiles: Int) throws(StageFailure) -> Void {
            { [self] searchFiles throws(StageFailure) in
                let isDefault = language == 0
                try budgets.check(
                    FileBudget(
                        site: sites[language], assets: isDefault ? assets : 0, notFoundPage: isDefault && notFoundPage,
                        searchFiles: searchFiles),
                    language: language)
            }
        }
    }

    private init(contributors: [Contributor] = []) { self.contributors = contributors }

    private mutating func add(_ name: String, _ files: Int, _ shrink: String, alone: String? = nil) {
        if files > 0 { contributors.append(Contributor(name: name, files: files, shrink: shrink, alone: alone)) }
    }

    /// The one setting that helps when a collection's record pages alone are more than the limit: publishing
    /// some of its records (`only:`), on a number field of its own where it has one. `shortForm`: a site of
    /// one collection written as `records:` at the top, where `only:` is one of its keys.
    static func fewerRecords(_ spec: CollectionSpec, shortForm: Bool) -> String {
        let number = spec.fields.first { $0.format == .integer || $0.format == .decimal }
        let only = "only: { field: \(number?.id ?? "<a number field>"), min: … }"
        let owner = shortForm ? "records" : "collections[\(spec.id)]"
        return "publish some of them, those whose number lies within bounds, with \(owner).\(only)"
            + " (docs/site-yml.md, \"Some of the records\")"
    }

    /// Fails when the site would be more than `limit` files, naming its largest contributors and how to
    /// shrink each. `source`: where the limit was given.
    func check(_ limit: Int, source: SourceLocation) throws(StageFailure) {
        guard total > limit else { return }
        let largest = contributors.sorted { $0.files > $1.files }.prefix(6).map {
            "  \(Plural.grouped($0.files)) \($0.name): \($0.shrink)"
        }
        let alone = contributors.filter { $0.files > limit }.compactMap { contributor in
            contributor.alone.map { "The \(contributor.name) alone are more than the limit: \($0)." }
        }
        throw StageFailure([
            .error(
                source,
                "the site would be \(Plural.grouped(total)) files, more than the \(Plural.grouped(limit)) allowed;"
                    + " nothing was written. The largest contributors:\n" + (largest + alone).joined(separator: "\n"))
        ])
    }
}
