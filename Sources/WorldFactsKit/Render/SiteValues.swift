import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// What every page shows the same: the site's title, lang and credit, the strings, and the navigation
/// between the home page, the collections' indexes and the groups' overviews. Made once, shared by every
/// page's context.
public struct SiteValues: Sendable {
    let site: SharedValue
    let strings: SharedValue
    /// `strings.section_count` (`sectionCountText(_:)`).
    let sectionCount: String
    /// The strings, for their plural forms (`countText`), and the locale's plural rules.
    let countedStrings: InterfaceStrings
    let pluralRules: PluralRules
    /// By collection, the data credits its pages show: its own, else the site's (`credits(of:)`).
    let collectionCredits: [SharedValue]
    /// The site's own credit, as a list of none or one; and every credit its collections' pages show, for
    /// the home page.
    let siteCredits: SharedValue
    let allCredits: SharedValue
    /// The navigation's entries: label and path from the root. Empty for a site of one collection
    /// without groups, whose one index is its home.
    let navigation: [(label: String, path: String)]
    /// The navigation as a page at a depth of folders sees it (`root`, and its links, none current),
    /// for the depths pages have: made once, not for every page.
    let navigationAtDepth: [(root: String, links: SharedValue)]
    /// The rows that list records, made the same on every page (with their one number formatter).
    public let rows: IndexRows
    /// What every row's input fingerprint shares (`IndexRows.inputsBase`): the config's text, hashed once.
    let rowBase: ContextFingerprint
    /// The 404 page's title.
    let notFoundTitle: String
    /// Everything site.yml says, as text: every page fingerprint starts from it (`SiteConfig.text`).
    let configText: String
    /// The values the search box's filters offer, which come from the data (a city moved to a country of
    /// a new continent adds one): part of the fingerprint of every page that shows the filters.
    let filterValuesText: String
    /// With a base URL: what each page says of itself in its head, and its JSON-LD.
    let web: WebHead?
    let structuredData: StructuredData?
    /// The 404 page's way to the root: the base URL when there is one, as it is served at any depth.
    let notFoundRoot: String
    /// The stylesheet and search script pages name, under their hashed names.
    public let assets: PublishedAssets
    /// By collection, the search box its pages show, the collection's first scope checked; and the one of
    /// the pages of no collection, the first scope checked. Nil in a site without search.
    let searchBars: [SharedValue]
    /// By collection: the search box of its record pages, without the filters (`recordSearchBar(of:)`).
    let recordSearchBars: [SharedValue]
    let siteSearchBar: SharedValue?
    /// In a site of several languages: the links to the page in the others (`LanguageLinks`).
    let languageLinks: LanguageLinks?
    /// In a language other than the default, its search index's folder from the root (`sv/search/`).
    let searchFolder: String

    public init(site: Site, assets: PublishedAssets = PublishedAssets()) {
        let config = site.config
        rows = IndexRows(site: site)
        self.site = Self.siteValue(of: config, assets: assets)
        collectionCredits = config.collections.map { Self.credits([$0.credit ?? config.credit]) }
        siteCredits = Self.credits([config.credit])
        // The site's own credit only where a collection has none of its own.
        allCredits = Self.credits(config.collections.map { $0.credit ?? config.credit })
        let strings = config.strings
        sectionCount = strings.sectionCount
        countedStrings = strings
        pluralRules = PluralRules(locale: config.locale)
        self.strings = Self.stringsValue(strings)
        let navigation = Self.navigation(of: site)
        self.navigation = navigation.count > 1 ? navigation : []
        navigationAtDepth = (0...Self.sharedNavigationDepths).map { depth in
            let root = String(repeating: "../", count: depth)
            return (root, SharedValue(Self.navigation(navigation, root: root, path: nil)))
        }
        configText = site.configText
        rowBase = rows.inputsBase(configText: configText)
        notFoundTitle = "\(strings.notFound) — \(config.title)"
        web = config.url.map(WebHead.init)
        structuredData = config.url.map { StructuredData(site: site, url: $0) }
        notFoundRoot = config.url?.text ?? ""
        languageLinks = LanguageLinks(config: config)
        searchFolder = config.isEdition ? config.folder + "search/" : ""
        self.assets = assets
        let bars = SearchBars(site: site)
        siteSearchBar = bars.site
        filterValuesText = bars.filterValuesText
        searchBars = bars.byCollection
        recordSearchBars = bars.recordPages
    }

    /// The site's own values: its title, language, direction and credit.
    static func siteValue(of config: SiteConfig, assets: PublishedAssets) -> SharedValue {
        var siteValues: TemplateObject = [
            "title": .text(config.title), "lang": .text(Self.lang(of: config)),
            "dir": .text(KnownLocales.isRightToLeft(config.locale) ? "rtl" : "ltr"),
        ]
        if let credit = config.credit {
            var values: TemplateObject = ["text": .text(credit.text), "url": .text(credit.url)]
            if !credit.license.isEmpty { values["license"] = .text(credit.license) }
            siteValues["credit"] = .object(values)
        }
        // The language's page and feed of changes, from the root.
        if config.changes != nil {
            siteValues["changes"] = .text(config.folder + "changes.html")
            if config.url != nil { siteValues["changesFeed"] = .text(config.folder + "changes.xml") }
        }
        // The installable site's page script and web app manifest, from the root (`OfflineApp`).
        if config.offline != nil, let script = assets.offlineScript {
            siteValues["offline"] = .object(["script": .text(script), "manifest": .text(OfflineApp.manifestPath)])
        }
        return SharedValue(.object(siteValues))
    }

    /// The interface strings the templates show, by their names in templates.
    static func stringsValue(_ strings: InterfaceStrings) -> SharedValue {
        SharedValue([
            "none": .text(strings.none), "searchPlaceholder": .text(strings.searchPlaceholder),
            "searchLabel": .text(strings.searchLabel), "noResults": .text(strings.noResults),
            "top": .text(strings.top),
            "previous": .text(strings.previous), "next": .text(strings.next),
            "backToIndex": .text(strings.backToIndex),
            "neighbours": .text(strings.neighbours), "notFound": .text(strings.notFound),
            "sectionCount": .text(strings.sectionCount), "home": .text(strings.home),
            "sections": .text(strings.sections), "data": .text(strings.data), "builtWith": .text(strings.builtWith),
            "download": .text(strings.download), "didYouMean": .text(strings.didYouMean),
            "languages": .text(strings.languages), "fallbackNote": .text(strings.fallbackNote),
            "changes": .text(strings.changes), "saveOffline": .text(strings.saveOffline),
            "offlineProgress": .text(strings.offlineProgress), "offlineSaved": .text(strings.offlineSaved),
            "offlineFailed": .text(strings.offlineFailed),
        ])
    }

    /// The site's navigation: home, then each collection's index with its groups' overviews.
    static func navigation(of site: Site) -> [(label: String, path: String)] {
        let strings = site.config.strings
        var navigation: [(label: String, path: String)] = []
        if site.hasHome { navigation.append((strings.home, site.homePath)) }
        for collection in site.collections {
            navigation.append((site.hasHome ? collection.spec.label : strings.backToIndex, collection.indexPath))
            for group in site.groups where group.collection == collection.number {
                navigation.append((group.spec.label, group.overviewPath))
            }
        }
        return navigation
    }

    /// The search box of the record pages of `collection`: without the filters, a fieldset of checkboxes
    /// per filter that every page of tens of thousands would carry (1 KB each on the shipped cities).
    func recordSearchBar(of collection: Int) -> SharedValue? {
        siteSearchBar == nil ? nil : recordSearchBars[collection]
    }

    /// `strings.section_count` for `count` records, the number in the site's locale.
    func sectionCountText(_ count: Int) -> String { countText("section_count", count) }

    /// The counted string `key` (`InterfaceStrings.countedKeys`) for `count`: its form for the count's
    /// plural category in the site's locale, the number in the locale's digits.
    func countText(_ key: String, _ count: Int) -> String {
        countedStrings.counted(key, count, shown: rows.formatter.numbers.format(count), rules: pluralRules)
    }

    /// The search box of the pages of `collection`, or of no collection's; nil in a site without search.
    func searchBar(of collection: Int?) -> SharedValue? {
        guard let siteSearchBar else { return nil }
        return collection.map { searchBars[$0] } ?? siteSearchBar
    }

    /// Credits as the footer lists them (`credits`): each once, in order, with its link and license when
    /// it has them.
    static func credits(_ credits: [Credit?]) -> SharedValue {
        var seen = Set<Credit>()
        return SharedValue(
            .list(
                credits.compactMap { $0 }.filter { seen.insert($0).inserted }.map { credit -> TemplateValue in
                    var values: TemplateObject = ["text": .text(credit.text)]
                    if !credit.url.isEmpty { values["url"] = .text(credit.url) }
                    if !credit.license.isEmpty { values["license"] = .text(credit.license) }
                    return .object(values)
                }))
    }

    /// The credits the pages of a collection show, or the site's for a page of none.
    func credits(of collection: Int?) -> SharedValue {
        collection.map { collectionCredits[$0] } ?? siteCredits
    }

    /// The 404 page's context. It is served at any depth: without a base URL, it finds the site's root
    /// where it is served (`findsRoot`, see 404.mustache).
    public func notFound() -> TemplateValue {
        var context = common(
            root: notFoundRoot, path: "404.html", pageTitle: notFoundTitle, credits: siteCredits, searching: nil)
        context["findsRoot"] = .flag(web == nil)
        return .object(context)
    }

    /// The values of a page at `root` (the way back up to the output root, "../"), whose path is `path`,
    /// and whose search box has the first scope of `collection` checked (of none: the first scope).
    /// With a base URL, `name` (the page's own title), `description` and `structuredData` go into its head
    /// (`WebHead`).
    func common(
        root: String, path: String, pageTitle: String, credits: SharedValue, searching collection: Int?,
        versions: Bool = false, name: String? = nil, description: String? = nil, structuredData: String? = nil
    ) -> TemplateObject {
        var tree = ContextTree()
        writeCommon(
            root: root, path: path, pageTitle: pageTitle, credits: credits, searching: collection, versions: versions,
            into: &tree)
        if let name {
            writeWeb(path: path, name: name, description: description, structuredData: structuredData, into: &tree)
        }
        return tree.object
    }

    /// With a base URL, what the page at `path` says of itself in its head (`WebHead`); else nothing.
    func writeWeb<Writer: ContextWriter>(
        path: String, name: String, description: @autoclosure () -> String?,
        structuredData: @autoclosure () -> String?, into writer: inout Writer
    ) {
        web?.write(
            path: path, name: name, description: description(), structuredData: structuredData(), into: &writer)
    }

    /// `common`, written into `writer`: the values made once are written as shared.
    /// `record`: a record page's, whose search box has no filters. `versions`: the page is in every
    /// language (`LanguageLinks`).
    func writeCommon<Writer: ContextWriter>(
        root: String, path: String, pageTitle: String, credits: SharedValue, searching collection: Int?,
        record: Bool = false, versions: Bool = false, into writer: inout Writer
    ) {
        writer.shared("site", site)
        languageLinks?.write(path: path, root: root, versions: versions, into: &writer)
        writer.shared("credits", credits)
        writer.text("root", root)
        writer.text("stylesheet", assets.stylesheet)
        if let search = record ? collection.flatMap(recordSearchBar(of:)) : searchBar(of: collection) {
            writer.shared("search", search)
            writer.text("script", assets.script)
            // A language's own index, in its folder; the default's is `search/`, where search.js looks.
            if !searchFolder.isEmpty { writer.text("searchFolder", searchFolder) }
        }
        writer.text("pageTitle", pageTitle)
        writer.shared("strings", strings)
        guard !navigation.isEmpty else { return }
        let depth = root.utf8.count / 3
        if depth < navigationAtDepth.count, navigationAtDepth[depth].root == root,
            !navigation.contains(where: { $0.path == path })
        {
            writer.shared("nav", navigationAtDepth[depth].links)
        } else {
            writer.value("nav", Self.navigation(navigation, root: root, path: path))
        }
    }

    /// How many folders deep a page may be and still share its navigation with the others so deep.
    static let sharedNavigationDepths = 3

    /// The navigation as the page at `path` (whose entry, if any, is current) sees it from `root`.
    static func navigation(_ entries: [(label: String, path: String)], root: String, path: String?) -> TemplateValue {
        [
            "links": .list(
                entries.map { entry -> TemplateValue in
                    [
                        "label": .text(entry.label), "href": .text(root + entry.path),
                        "current": .flag(entry.path == path),
                    ]
                })
        ]
    }

    /// What every page of a kind ("record", "section", "group") shares in its input fingerprint: the
    /// generator, the templates, the kind and the config, and but for a record page (which shows none) the
    /// filters' values.
    func pageInputsBase(templates: String, kind: String) -> ContextFingerprint {
        var hash = ContextFingerprint()
        hash.add(GeneratorVersion.current)
        hash.add(templates)
        hash.add(kind)
        hash.add(configText)
        hash.add(assets.fingerprint)
        if kind != "record" { hash.add(filterValuesText) }
        return hash
    }

    /// The pages' `lang`: the locale as a BCP 47 tag (`de-CH` for `de_CH`).
    static func lang(of config: SiteConfig) -> String { KnownLocales.languageTag(config.locale) ?? config.locale }

    /// The way back up to the root from a page at `path` ("countries/ch.html" gives "../").
    static func root(of path: String) -> String {
        String(repeating: "../", count: path.split(separator: "/").count - 1)
    }
}
