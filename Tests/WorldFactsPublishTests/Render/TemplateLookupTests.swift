import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// Which template renders a page: the collection's or group's own, then the kind's, then the built-in one.
@Suite struct TemplateLookupTests {
    /// Two collections, a complete list, a group and a split index: every kind of page.
    static let siteYAML = CollectionsTests.siteYAML.replacingOccurrences(
        of: "index: { subtitle: country, detail: population }",
        with: "index: { subtitle: country, detail: population, split_above: 2, section_size: 1 }")

    func build(templates: [String: String], warnings: inout [Diagnostic]) throws -> [String: String] {
        let root = CollectionsTests().project(siteYAML: Self.siteYAML)
        defer { removeTemporary(root) }
        let folder = root + "/Content/templates"
        for (name, text) in templates {
            try FileManager.default.createDirectory(
                atPath: (folder + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        let report = try Builder().build(BuildOptions(content: root + "/Content", output: root + "/Output"))
        // The site's own problems (a link to no record) are not the templates'.
        warnings = report.warnings.filter { "\($0)".contains("/templates/") }
        var pages: [String: String] = [:]
        for path in try FileSystem.disk.listFiles(root + "/Output") where path.hasSuffix(".html") {
            pages[path] = try readText(root + "/Output/" + path)
        }
        return pages
    }

    /// docs/templates.md's "Overriding a partial": the built-in partial exported, copied into the site's
    /// `partials/` and edited changes every page that includes it, and nothing else of any page.
    @Test func anOverriddenPartialChangesEveryPageThatIncludesIt() throws {
        var warnings: [Diagnostic] = []
        let builtIn = try build(templates: [:], warnings: &warnings)
        let export = makeTemporaryFolder()
        defer { removeTemporary(export) }
        _ = try TemplatesExport.write(to: export + "/built-in")
        let partial = try readText(export + "/built-in/partials/search.mustache")
        let marker = "<p class=\"own-search\">{{strings.searchLabel}}</p>\n"
        let own = try build(templates: ["partials/search.mustache": marker + partial], warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(own.keys.sorted() == builtIn.keys.sorted())
        var withBox = 0
        for (path, page) in builtIn {
            let changed = try #require(own[path])
            if page.contains(#"<form id="search-form""#) {
                withBox += 1
                let mark = try #require(changed.firstRange(of: #"<p class="own-search">"#), "\(path)")
                let end = try #require(changed[mark.upperBound...].firstRange(of: "</p>\n"))
                #expect(changed.replacingCharacters(in: mark.lowerBound..<end.upperBound, with: "") == page, "\(path)")
            } else {
                #expect(changed == page, "\(path)")
            }
        }
        #expect(withBox == builtIn.count, "every page of the site has the search box")
    }

    /// A template that marks its pages and renders nothing else.
    static func marking(_ mark: String) -> String { "<!doctype html><title>\(mark)</title><p>\(mark)</p>\n" }

    @Test func eachKindIsRenderedByItsOwnTemplateWhereThereIsOne() throws {
        var warnings: [Diagnostic] = []
        let builtIn = try build(templates: [:], warnings: &warnings)
        let kinds = [
            "record.countries", "index.cities", "section.cities", "list.countries", "group.continent",
            "groups.continent", "home", "404",
        ]
        let pages = try build(
            templates: Dictionary(uniqueKeysWithValues: kinds.map { ("\($0).mustache", Self.marking($0)) }),
            warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Set(pages.keys) == Set(builtIn.keys))
        func marked(_ path: String) -> String? {
            kinds.first { pages[path] == Self.marking($0).replacingOccurrences(of: "{{", with: "") }
        }
        var byKind: [String: [String]] = [:]
        for path in pages.keys.sorted() { byKind[marked(path) ?? "built-in", default: []].append(path) }
        #expect(byKind["home"] == ["index.html"])
        #expect(byKind["404"] == ["404.html"])
        #expect(byKind["index.cities"] == ["cities/index.html"])
        #expect(byKind["record.countries"]?.allSatisfy { $0.hasPrefix("countries/") && !$0.contains("/index") } == true)
        #expect(byKind["record.countries"]?.count == 2)
        #expect(
            byKind["section.cities"]?.isEmpty == false
                && byKind["section.cities"]!.allSatisfy { $0.contains("sections/") })
        #expect(byKind["list.countries"]?.isEmpty == false)
        #expect(byKind["groups.continent"]?.count == 1 && byKind["group.continent"]?.count == 2)
        // What no template of its own renders is the built-in page, byte for byte: the cities' record pages
        // and the countries' index.
        let rest = try #require(byKind["built-in"])
        #expect(
            rest.contains("countries/index.html") && rest.contains { $0.hasPrefix("cities/") && !$0.contains("index") })
        for path in rest { #expect(pages[path] == builtIn[path], "\(path)") }
    }

    /// The kind's own template stands in for every collection's; a collection's own comes first.
    @Test func aCollectionsOwnComesBeforeTheKinds() throws {
        var warnings: [Diagnostic] = []
        let pages = try build(
            templates: ["record.mustache": Self.marking("record"), "record.cities.mustache": Self.marking("city")],
            warnings: &warnings)
        /// A collection's record pages: `<pages>/<slug>.html`.
        func recordPages(_ folder: String) -> [String: String] {
            pages.filter {
                $0.key.hasPrefix(folder + "/") && $0.key.split(separator: "/").count == 2
                    && !$0.key.hasSuffix("/index.html")
            }
        }
        let (countries, cities) = (recordPages("countries"), recordPages("cities"))
        #expect(countries.count == 2 && countries.values.allSatisfy { $0.contains("<p>record</p>") })
        #expect(cities.count >= 5 && cities.values.allSatisfy { $0.contains("<p>city</p>") })
    }

    /// A template of the site's own that no page is rendered with, and no template includes, is a warning
    /// that names it and the nearest name that would be used.
    @Test func aTemplateNoPageUsesIsAWarningWithTheNearestName() throws {
        var warnings: [Diagnostic] = []
        _ = try build(
            templates: [
                "record.countrie.mustache": Self.marking("x"), "partials/used.mustache": "used",
                "record.cities.mustache": "{{<layout}}{{$content}}{{> partials/used}}{{/content}}{{/layout}}",
            ], warnings: &warnings)
        let texts = warnings.map { "\($0)" }
        #expect(texts.count == 1, "\(texts)")
        #expect(
            texts.first?.contains("record.countrie.mustache: warning: no page is rendered with this template") == true)
        #expect(texts.first?.contains("did you mean 'record.countries'?") == true)
    }

    /// A site of the short form has the one collection `records`: a template named for its pages folder
    /// is a warning that names the template by the collection's id.
    @Test(arguments: ["elements", "isotopes"])
    func aTemplateNamedForAPagesFolderSuggestsTheCollectionsID(folder: String) throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        try FileManager.default.createDirectory(atPath: root + "/Content/templates", withIntermediateDirectories: true)
        try #"[{"k":"a","t":"A","n":1}]"#.write(toFile: root + "/Content/r.json", atomically: true, encoding: .utf8)
        let siteYAML =
            "title: T\nrecords: { file: r.json, key: k, title: t, pages: \(folder) }\n"
            + "fields: [{ id: n, label: N, format: integer }]\n"
        try siteYAML.write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        try "<p>{{record.title}}</p>".write(
            toFile: root + "/Content/templates/record.\(folder).mustache", atomically: true, encoding: .utf8)
        let report = try Builder().build(BuildOptions(content: root + "/Content", output: root + "/Output"))
        let texts = report.warnings.map { "\($0)" }
        #expect(
            texts.contains {
                $0.contains("record.\(folder).mustache: warning: no page is rendered")
                    && $0.contains("did you mean 'record.records'?")
            }, "\(texts)")
    }

    @Test func theCandidatesGoFromTheMostParticularToTheBuiltIn() {
        var config = countriesSite.config
        config.languages = [
            SiteLanguage(id: "en", locale: "en", label: "English"),
            SiteLanguage(id: "fr", locale: "fr", label: "Français"),
        ]
        config.language = 1
        let lookup = TemplateLookup(templates: [], config: config)
        #expect(
            lookup.candidates(.section, owner: "cities")
                == ["section.cities.fr", "section.cities", "section.fr", "section", "index"])
        #expect(lookup.candidates(.record, owner: nil) == ["record.fr", "record", "record"])
        #expect(
            TemplateLookup(templates: ["record.fr", "record"], config: config).template(.record, owner: "x")
                == "record.fr")
    }
}

/// A record page's fields by their ids, in any order, for a template of a collection's own.
@Suite struct NamedFieldsTests {
    @Test func aTemplatePlacesFieldsByNameInAnyOrder() throws {
        var warnings: [Diagnostic] = []
        let pages = try TemplateLookupTests().build(
            templates: [
                "record.countries.mustache": """
                <!doctype html><title>{{record.title}}</title>
                <p>{{collection.label}} ({{collection.id}}) {{record.key}}</p>
                {{#fields.continent}}<p>{{label}}: {{text}} [{{format}}]
                {{^empty}}set{{/empty}}</p>{{/fields.continent}}
                {{#fields.capital_city}}<p>{{label}}:
                {{#links}}<a href="{{href}}">{{text}}</a>{{/links}}{{/fields.capital_city}}
                {{#fields.capital_city}}({{count}})</p>{{/fields.capital_city}}

                """,
                "record.cities.mustache": """
                <!doctype html><title>{{record.title}}</title>
                <p>{{fields.population.raw}} = {{fields.population.text}}</p>

                """,
            ], warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        let aland = try #require(pages.first { $0.value.contains("<title>Aland</title>") }?.value)
        #expect(aland.contains("<p>Countries (countries) A</p>"))
        #expect(aland.contains("<p>Continent: Europe [text]\nset</p>"), "\(aland)")
        #expect(
            aland.contains(#"<p>Capital:"# + "\n" + #"<a href="../cities/1.html">One</a>"# + "\n(1)</p>"), "\(aland)")
        let two = try #require(pages.first { $0.value.contains("<title>Two</title>") }?.value)
        #expect(two.contains("<p>30 = 30</p>"))
    }

    /// A field the site does not have is an error at its line, with the nearest name.
    @Test func anUnknownFieldIsAnErrorWithTheNearestName() throws {
        var warnings: [Diagnostic] = []
        #expect {
            _ = try TemplateLookupTests().build(
                templates: ["record.cities.mustache": "<p>\n{{fields.populaton.text}}</p>\n"], warnings: &warnings)
        } throws: { error in
            "\(error)".contains(
                "record.cities.mustache:2:1: error: template names the field 'populaton', which the record pages of"
                    + " 'cities' do not have; did you mean 'population'?")
        }
    }

    /// A template of one collection's record pages names a field only that collection has: one of another
    /// collection's is an error at its tag's line and column, naming both, with the nearest field of its own;
    /// nothing is written and Output stays as it was.
    @Test func aFieldOfAnotherCollectionIsAnErrorAtItsTag() throws {
        let root = CollectionsTests().project(siteYAML: TemplateLookupTests.siteYAML)
        defer { removeTemporary(root) }
        let options = BuildOptions(content: root + "/Content", output: root + "/Output")
        _ = try Builder().build(options)
        let before = try FileSystem.disk.listFiles(root + "/Output").sorted().map {
            ($0, try readText(root + "/Output/" + $0))
        }
        let cases: [(template: String, text: String, expected: String)] = [
            (
                "record.cities.mustache", "<p>\n  {{#fields.continent}}{{text}}{{/fields.continent}}</p>\n",
                "record.cities.mustache:2:3: error: template names the field 'continent', a field of 'countries',"
                    + " which the record pages of 'cities' do not have"
            ),
            (
                "record.cities.mustache", "{{#fields}}\n{{#populaton}}{{text}}{{/populaton}}{{/fields}}",
                "record.cities.mustache:2:1: error: template names the field 'populaton', which the record pages"
                    + " of 'cities' do not have; did you mean 'population'?"
            ),
            (
                "index.countries.mustache", "{{#rows}}{{titel}}{{/rows}}",
                "index.countries.mustache:1:10: error: template names 'titel', which no index page of 'countries'"
                    + " provides; did you mean 'title'?"
            ),
        ]
        for (template, text, expected) in cases {
            let file = root + "/Content/templates/" + template
            try FileManager.default.createDirectory(
                atPath: root + "/Content/templates", withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            do {
                _ = try Builder().build(options)
                Issue.record("\(template) built")
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
            }
            let after = try FileSystem.disk.listFiles(root + "/Output").sorted().map {
                ($0, try readText(root + "/Output/" + $0))
            }
            #expect(
                after.map { $0.0 } == before.map { $0.0 } && after.map { $0.1 } == before.map { $0.1 }, "\(template)")
            try FileManager.default.removeItem(atPath: file)
        }
        // A template of every collection's record pages may name any collection's fields.
        try "{{#fields.continent}}{{text}}{{/fields.continent}}{{#fields.population}}{{text}}{{/fields.population}}"
            .write(toFile: root + "/Content/templates/record.mustache", atomically: true, encoding: .utf8)
        _ = try Builder().build(options)
    }
}

/// A list's heading may say how many records it holds.
@Suite struct ListHeadingTests {
    @Test func aListLabelsCountIsTheNumberOfRecordsItHolds() throws {
        let yaml = CollectionsTests.siteYAML.replacingOccurrences(
            of: "{ id: cities, label: Cities,", with: "{ id: cities, label: \"Cities ({count})\",")
        #expect(yaml != CollectionsTests.siteYAML)
        let root = CollectionsTests().project(siteYAML: yaml)
        defer { removeTemporary(root) }
        _ = try Builder().build(BuildOptions(content: root + "/Content", output: root + "/Output"))
        let site = try CollectionsTests().model(root)
        let aland = try #require(site.collections[0].records.firstIndex { $0.key == "A" })
        let page = try readText(root + "/Output/" + site.collections[0].pagePath(of: aland))
        #expect(page.contains("Cities (3)"), "Aland has three cities, two shown")
        let complete = try FileSystem.disk.listFiles(root + "/Output").filter { $0.contains("/cities/") }
        #expect(try complete.contains { try readText(root + "/Output/" + $0).contains("Cities (3) — Aland") })
    }
}

/// A record page's note in two parts, for a template that puts its first paragraph apart: `noteLead` and
/// `noteRest`, rendered as the whole note is.
@Suite struct NoteLeadTests {
    @Test func aTemplatePlacesTheNotesFirstParagraphApart() throws {
        var warnings: [Diagnostic] = []
        let note = "## Background\n\nThe *first* paragraph.\n\n- one\n- two\n\nThe last <b>word</b>.\n"
        let pages = try TemplateLookupTests().build(
            templates: [
                "record.countries.mustache": """
                <!doctype html><title>{{record.title}}</title>
                <header>{{{noteLead}}}</header>
                {{#noteRest}}<section>{{{noteRest}}}</section>{{/noteRest}}
                <footer>{{{note}}}</footer>

                """,
                // The note of A, which lands in the content folder's notes.
                "../notes/A.md": note,
                "../notes/B.md": "Only one paragraph.\n",
            ], warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        let a = try #require(pages["countries/a.html"])
        let whole = Markdown().html(note)
        #expect(a.contains("<footer>\(whole)</footer>"))
        #expect(a.contains("<header><p>The <em>first</em> paragraph.</p>\n</header>"))
        // The rest is every other block, in order; raw HTML is left out, as in the whole note.
        let rest = try #require(a.firstRange(of: "<section>").map { a[$0.upperBound...] })
        #expect(rest.hasPrefix("<h2>Background</h2>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p>The last "))
        #expect(!rest.contains("<b>") && whole.contains("<!-- raw HTML omitted -->"))
        // A note of one paragraph has no rest.
        let b = try #require(pages["countries/b.html"])
        #expect(b.contains("<header><p>Only one paragraph.</p>\n</header>") && !b.contains("<section>"))
    }
}
