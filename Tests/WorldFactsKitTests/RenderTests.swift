import Testing
@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsMustache
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsWatch
@testable import WorldFactsWrite

@Suite struct NumberStyleTests {
    @Test func groupsByLocale() {
        #expect(NumberStyle(locale: "en").format(1_234_567) == "1,234,567")
        #expect(NumberStyle(locale: "en").format(0) == "0")
        #expect(NumberStyle(locale: "en").format(999) == "999")
        #expect(NumberStyle(locale: "en").format(-1_000) == "-1,000")
        #expect(NumberStyle(locale: "de").format(1_234_567) == "1.234.567")
    }

    @Test func decimals() {
        let en = NumberStyle(locale: "en")
        #expect(en.format(1234.5, fractionDigits: 2) == "1,234.5")
        #expect(en.format(468.0, fractionDigits: 1) == "468")
        #expect(en.format(0.44, fractionDigits: 1) == "0.4")
        #expect(en.format(0.0, fractionDigits: 1) == "0")
        #expect(en.format(-33.25, fractionDigits: 3) == "-33.25")
        #expect(NumberStyle(locale: "de").format(1234.5, fractionDigits: 2) == "1.234,5")
    }

    @Test func valuesShowNoneForEmptyAndZeroAsZero() {
        let formatter = ValueFormatter(config: testConfig())
        let config = testConfig()
        #expect(formatter.text(.text(""), config.fields[0]) == "None")
        #expect(formatter.text(.missing, config.fields[0]) == "None")
        #expect(formatter.text(.integer(0), config.fields[1]) == "0")
        #expect(formatter.text(.decimal(0), config.fields[2]) == "0 km²")
        #expect(formatter.text(.decimal(103_000), config.fields[2]) == "103,000 km²")
        #expect(formatter.text(.list([]), config.fields[3]) == "None")
        #expect(formatter.text(.list(["en", "fr"]), config.fields[3]) == "en, fr")
    }
}

@Suite struct MarkdownTests {
    @Test func rendersCommonMark() {
        let html = Markdown().html("## Hi\n\n- *a*\n- `b`\n\n> q\n\n[l](https://example.org)")
        #expect(html.contains("<h2>Hi</h2>"))
        #expect(html.contains("<li><em>a</em></li>"))
        #expect(html.contains("<code>b</code>"))
        #expect(html.contains("<blockquote>"))
        #expect(html.contains("<a href=\"https://example.org\">l</a>"))
    }

    @Test func safeByDefault() {
        let html = Markdown().html("<script>window.pwned=1</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("<img"))
        #expect(html.contains("raw HTML omitted"))
    }

    @Test func unsafeOptInPassesRawHTML() {
        #expect(Markdown(unsafe: true).html("<b>bold</b>").contains("<b>bold</b>"))
    }
}

@Suite struct EscapingTests {
    @Test func everyValueIsEscapedInPages() throws {
        let hostile = "<script>window.pwned=1</script>\"'&"
        let records = [Record(key: "x", title: hostile, values: [.text(hostile), .integer(1), .missing, .list([hostile]), .list([])], line: 1)]
        let site = try SiteModeler().model(Content(config: testConfig(), records: records, notes: [], warnings: [], folder: "c"))
        let theme = try ThemeLoader(folder: repoPath("Templates")).load()
        let renderer = SiteRenderer(site: site, templates: try TemplateSet(theme: theme), theme: theme)
        var pages: [String: String] = [:]
        SiteGenerator(renderer: renderer).generate(previous: NoPreviousOutput()) { files in
            for file in files { pages[file.path] = String(decoding: file.bytes, as: UTF8.self) }
        }
        for path in ["index.html", "things/x.html"] {
            let page = try #require(pages[path])
            #expect(!page.contains("<script>window"), "\(path) holds raw content")
            #expect(page.contains("&lt;script&gt;window.pwned=1&lt;/script&gt;&quot;&#39;&amp;"), "\(path)")
        }
    }

    @Test func jsonTextCannotCloseAScript() {
        #expect(JSONText.quoted("</script>\"\\\n\u{2028}") == #""\u003c/script\u003e\"\\\n\u2028""#)
    }

    @Test func templateSyntaxErrorsNameFileAndLine() {
        let theme = Theme(folder: "T", templates: ["layout": "x", "record": "y", "index": "a\n{{#open}}b\n"], assets: [:])
        #expect {
            _ = try TemplateSet(theme: theme)
        } throws: { error in
            let text = "\(error)"
            return text.contains("T/index.mustache:") && text.contains("template syntax error")
        }
    }
}

@Suite struct TemplateVocabularyTests {
    @Test func findsVariablesWithLines() {
        let found = TemplateVocabulary.variables(in: "{{! note }}\n{{#facts}}{{label}}\n{{{note}}} {{> part}}{{/facts}}\n{{record.titel}}{{=<% %>=}}{{nope}}")
        #expect(found.map(\.name) == ["facts", "label", "note", "record", "titel"])
        #expect(found.map(\.line) == [2, 2, 3, 4, 4])
    }

    @Test func aTemplateNamingAMissingFieldIsAnErrorWithItsLine() {
        let theme = Theme(folder: "T", templates: ["layout": "x", "index": "y", "record": "<h1>{{record.title}}</h1>\n<p>{{record.populaton}}</p>"], assets: [:])
        #expect {
            _ = try TemplateSet(theme: theme)
        } throws: { error in
            "\(error)" == "T/record.mustache:2: error: template names 'populaton', which no page provides (see Render/TemplateVocabulary.swift for the names)"
        }
    }

    @Test func aPartialOrParentNamingNoTemplateIsAnErrorWithItsLine() {
        let theme = Theme(folder: "T", templates: ["layout": "x", "index": "{{<layuot}}{{/layuot}}", "record": "a\n\n{{> facts}}"], assets: [:])
        #expect {
            _ = try TemplateSet(theme: theme)
        } throws: { error in
            "\(error)".contains("T/index.mustache:1: error: template includes 'layuot', which is not a template (expected T/layuot.mustache)")
                && "\(error)".contains("T/record.mustache:3: error: template includes 'facts'")
        }
    }

    /// Every key the real contexts produce is in the vocabulary, so the check never rejects a good template.
    @Test func theVocabularyCoversEveryContextKey() {
        let contexts = PageContexts(site: shippedSite)
        var keys = Set<String>()
        func collect(_ value: TemplateValue) {
            if case .object(let object) = value { for entry in object.entries { keys.insert(entry.key); collect(entry.value) } }
            if case .list(let list) = value { list.forEach(collect) }
        }
        collect(contexts.index(extra: ["search": ["manifest": "", "scopes": [["id": "", "label": "", "checked": true]]]]))
        collect(contexts.notFound())
        for position in shippedSite.records.indices { collect(contexts.record(position)) }
        var split = shippedSite
        split.config.index.splitAbove = 10
        collect(PageContexts(site: split).index())
        collect(PageContexts(site: split).sectionPage(0))
        #expect(keys.isSubset(of: TemplateVocabulary.names), "\(keys.subtracting(TemplateVocabulary.names))")
        #expect(TemplateVocabulary.names.subtracting(keys).isEmpty, "names no context provides: \(TemplateVocabulary.names.subtracting(keys))")
    }
}
