import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsMustache
@testable import WorldFactsRender
@testable import WorldFactsTestSupport

@Suite struct TemplateVocabularyTests {
    @Test func findsVariablesWithLines() {
        let found = TemplateVocabulary.variables(
            in: "{{! note }}\n{{#facts}}{{label}}\n{{{note}}} {{> part}}{{/facts}}\n{{record.titel}}{{=<% %>=}}{{nope}}"
        )
        #expect(found.map(\.name) == ["facts", "label", "note", "record", "titel"])
        #expect(found.map(\.line) == [2, 2, 3, 4, 4])
    }

    @Test func aTemplateNamingAMissingFieldIsAnErrorWithItsLine() {
        let theme = Theme(
            folder: "T",
            templates: [
                "layout": "x", "index": "y", "record": "<h1>{{record.title}}</h1>\n<p>{{record.populaton}}</p>",
            ], assets: [:])
        #expect {
            _ = try TemplateSet(theme: theme)
        } throws: { error in
            "\(error)"
                == "T/record.mustache:2:4: error: template names 'populaton', which no record page provides"
                + " (docs/templates.md lists the names by page)"
        }
    }

    /// A name a few edits from one a page provides is suggested, and no error points to a source file.
    @Test func aMisspeltNameIsAnErrorWithTheNearestName() {
        let theme = Theme(folder: "T", templates: ["layout": "{{titel}}", "index": "y", "record": "z"], assets: [:])
        #expect {
            _ = try TemplateSet(theme: theme)
        } throws: { error in
            "\(error)"
                == "T/layout.mustache:1:1: error: template names 'titel', which no page provides; did you mean"
                + " 'title'? (docs/templates.md lists the names by page)"
        }
    }

    /// docs/templates.md shows the names as the code has them.
    @Test func theDocsTableIsTheVocabulary() throws {
        let docs = try readText(repoPath("docs/templates.md"))
        let table = TemplateVocabulary.markdownTable
        #expect(docs.contains(table), "docs/templates.md should hold:\n\(table)")
        #expect(TemplateVocabulary.names.count == TemplateVocabulary.byPages.flatMap(\.names).count, "each name once")
    }

    /// At its tag's line and column, with the nearest template's name: a partial named without its folder
    /// suggests the template of that name in one.
    @Test func aPartialOrParentNamingNoTemplateIsAnErrorWithItsLine() {
        let theme = Theme(
            folder: "T",
            templates: [
                "layout": "x", "index": "{{<layuot}}{{/layuot}}", "record": "a\n\n{{> facts}}",
                "404": "<p>\n  {{> search}}</p>", "partials/search": "s",
            ], assets: [:])
        #expect {
            _ = try TemplateSet(theme: theme)
        } throws: { error in
            "\(error)".contains(
                "T/index.mustache:1:1: error: template includes 'layuot', which is not a template (expected "
                    + "T/layuot.mustache); did you mean 'layout'?"
            )
                && "\(error)".contains("T/record.mustache:3:1: error: template includes 'facts'")
                && "\(error)".contains(
                    "T/404.mustache:2:3: error: template includes 'search', which is not a template (expected"
                        + " T/search.mustache); did you mean 'partials/search'?")
        }
    }

    /// Every key the real contexts produce is in the vocabulary, so the check never rejects a good template.
    @Test func theVocabularyCoversEveryContextKey() {
        let contexts = PageContexts(site: countriesSite, collection: 0)
        var keys = Set<String>()
        func collect(_ value: TemplateValue) {
            if case .object(let object) = value {
                for entry in object.entries { keys.insert(entry.key); collect(entry.value) }
            }
            if case .list(let list) = value { list.forEach(collect) }
        }
        collect(contexts.index())
        collect(contexts.values.notFound())
        for position in countriesSite.only.records.indices { collect(contexts.record(position)) }
        var content = try! ContentLoader(folder: repoPath("Tests/Fixtures/countries")).load()
        content.config.only.index.splitAbove = 10
        content.config.only.index.sectionSize = 5
        let split = try! SiteModeler().model(content)
        collect(PageContexts(site: split, collection: 0).index())
        collect(PageContexts(site: split, collection: 0).sectionPage(0))
        // Published at an address: the head's canonical link, name, description and JSON-LD.
        var web = try! ContentLoader(folder: repoPath("Tests/Fixtures/countries")).load()
        web.config.url = try! BaseURL.parse("https://example.org/facts/").get()
        web.config.only.structuredData = StructuredDataSpec(type: "Country")
        web.config.only.downloads = [.csv, .json]
        let published = try! SiteModeler().model(web)
        let publishedContexts = PageContexts(site: published, collection: 0)
        for position in published.only.records.indices { collect(publishedContexts.record(position)) }
        collect(publishedContexts.index())
        // A site of linked collections: the home page, navigation, lists and group pages.
        var linked = try! CollectionsTests().modelled()
        // Fields by name: the names of each field's object (its id, the key it is under, is the site's).
        for (site, collection) in [(countriesSite, 0), (linked, 0)] {
            let named = PageContexts(site: site, collection: collection, fieldsByName: true)
            for position in site.collections[collection].records.indices {
                guard case .object(let page) = named.record(position), case .object(let fields)? = page["fields"],
                    let collectionValue = page["collection"]
                else { continue }
                keys.formUnion(["fields", "collection"])
                collect(collectionValue)
                for field in fields.entries { collect(field.value) }
            }
        }
        // A note's first paragraph apart, for templates that place it (`noteLead`, `noteRest`).
        let leading = PageContexts(site: countriesSite, collection: 0, leadsNotes: true)
        for position in countriesSite.collections[0].records.indices { collect(leading.record(position)) }
        // The Country scope offers the continents as a filter: the search box's checkboxes.
        linked.config.search.scopes[linked.config.search.scopes.firstIndex { $0.id == "country" }!].filters = [0]
        let values = SiteValues(site: linked)
        collect(HomeContext(site: linked, values: values).context())
        for collection in linked.collections.indices {
            let contexts = PageContexts(site: linked, collection: collection, values: values)
            for position in linked.collections[collection].records.indices { collect(contexts.record(position)) }
            for list in linked.lists[collection] { collect(contexts.listPage(list, 0)) }
        }
        for group in linked.groups {
            let contexts = GroupContexts(site: linked, group: group, values: values)
            collect(contexts.overview())
            collect(contexts.page(0))
        }
        // A site of two languages: the switcher, the alternates, the second's search folder and fallback notes.
        var languages = try! ContentLoader(folder: repoPath("Tests/Fixtures/countries")).load()
        languages.config.languages = [
            SiteLanguage(id: "en", locale: "en", label: "English"),
            SiteLanguage(id: "sv", locale: "sv", label: "Svenska"),
        ]
        let swedish = try! SiteModeler().model(LanguageEdition(of: languages, language: 1).content)
        let swedishContexts = PageContexts(site: swedish, collection: 0)
        for position in swedish.only.records.indices { collect(swedishContexts.record(position)) }
        // An index with titles before and after the locale's letters: two sections labelled "…".
        let scripts = makeTemporaryFolder()
        defer { removeTemporary(scripts) }
        writeContent(
            scripts, records: #"[{"id":"a","name":"1984"},{"id":"b","name":"Alpha"},{"id":"c","name":"Ωmega"}]"#,
            siteYAML: minimalSiteYAML)
        let ellipses = try! SiteModeler().model(try! ContentLoader(folder: scripts).load())
        collect(PageContexts(site: ellipses, collection: 0).index())
        // Its pages link a collection that has pages in the default language only: with `hreflang`.
        let root = CollectionsTests().project()
        defer { removeTemporary(root) }
        var linkedLanguages = try! ContentLoader(folder: root + "/Content").load()
        linkedLanguages.config.languages = languages.config.languages
        linkedLanguages.config.collections[1].languages = .default
        let linkedSwedish = try! SiteModeler().model(LanguageEdition(of: linkedLanguages, language: 1).content)
        let linkedContexts = PageContexts(site: linkedSwedish, collection: 0)
        for position in linkedSwedish.collections[0].records.indices { collect(linkedContexts.record(position)) }
        // A site with a feed of changes and a base URL: the links to it on every page, and its page with an
        // entry of each kind.
        var feedSite = linked
        feedSite.config.changes = ChangesSpec()
        feedSite.config.url = try! BaseURL.parse("https://example.org/").get()
        // And installable (`offline:`): its script and manifest on every page.
        feedSite.config.offline = OfflineSpec()
        let offlineTheme = Theme(folder: "T", templates: [:], assets: [PublishedAssets.offlineScript: [1]])
        let feedValues = SiteValues(site: feedSite, assets: PublishedAssets(theme: offlineTheme, offline: true))
        collect(HomeContext(site: feedSite, values: feedValues).context())
        let (spec, record) = (feedSite.collections[0].spec, feedSite.collections[0].records[0])
        let history = ChangeHistory(
            entries: [
                ChangeEntry(
                    number: 2, time: "2026-12-03T15:04:05Z",
                    items: [
                        ChangeItem(
                            kind: .changed, collection: spec.id, key: record.key, title: record.title, oldTitle: "Old",
                            fields: [FieldChange(field: spec.fields[0].id, old: .integer(1), new: .integer(2))]),
                        ChangeItem(kind: .removed, collection: spec.id, key: "gone", title: "Gone"),
                    ], more: 3),
                ChangeEntry(number: 1, time: "2026-12-01T00:00:00Z", created: [.init(collection: spec.id, records: 1)]),
            ], state: DataState(site: feedSite))
        collect(
            ChangesContext(site: feedSite, values: feedValues).context(ChangeViews(site: feedSite).entries(history)))
        // Locator maps: a marker and its inset, a country's dots.
        let maps = makeTemporaryFolder()
        defer { removeTemporary(maps) }
        _ = try! WorldMapTests.writeLands(maps)
        let lands = try! SiteModeler().model(try! ContentLoader(folder: maps).load())
        collect(PageContexts(site: lands, collection: 0).record(0))
        try! WorldMapTests.yaml().write(toFile: maps + "/site.yml", atomically: true, encoding: .utf8)
        try! #"[{"id":"r","name":"R","country":"IS","lat":64.1,"lon":-21.9}]"#.write(
            toFile: maps + "/places.json", atomically: true, encoding: .utf8)
        let places = try! SiteModeler().model(try! ContentLoader(folder: maps).load())
        collect(PageContexts(site: places, collection: 0).record(0))
        // Bar charts: a record page's, and a group value page's.
        let charted = makeTemporaryFolder()
        defer { removeTemporary(charted) }
        _ = try! ChartTests.writeSite(charted, seed: 1)
        let chartSite = try! SiteModeler().model(try! ContentLoader(folder: charted).load())
        collect(PageContexts(site: chartSite, collection: 0).record(0))
        collect(GroupContexts(site: chartSite, group: chartSite.groups[0], values: SiteValues(site: chartSite)).page(0))
        #expect(keys.isSubset(of: TemplateVocabulary.names), "\(keys.subtracting(TemplateVocabulary.names))")
        #expect(
            TemplateVocabulary.names.subtracting(keys).isEmpty,
            "names no context provides: \(TemplateVocabulary.names.subtracting(keys))")
    }
}
