import Testing
import WorldFactsOutput

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct EscapingTests {
    @Test func everyValueIsEscapedInPages() throws {
        let hostile = "<script>window.pwned=1</script>\"'&"
        let records = [
            Record(
                key: "x", title: hostile, values: [.text(hostile), .integer(1), .missing, .list([hostile]), .list([])],
                line: 1)
        ]
        let site = try SiteModeler().model(
            Content(
                config: testConfig(),
                collections: [LoadedCollection(records: records, notes: [], file: "records.json")], warnings: [],
                folder: "c"))
        let theme = try ThemeLoader(folder: repoPath("Templates")).load()
        let renderer = SiteRenderer(site: site, templates: try TemplateSet(theme: theme), theme: theme)
        var pages: [String: String] = [:]
        SiteGenerator(renderer: renderer).generate { batch in
            for file in batch.files { pages[file.path] = String(decoding: file.bytes, as: UTF8.self) }
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
        let theme = Theme(
            folder: "T", templates: ["layout": "x", "record": "y", "index": "a\n{{#open}}b\n"], assets: [:])
        #expect {
            _ = try TemplateSet(theme: theme)
        } throws: { error in
            let text = "\(error)"
            return text.contains("T/index.mustache:") && text.contains("template syntax error")
        }
    }
}
