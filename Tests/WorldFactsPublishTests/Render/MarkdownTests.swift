import Testing

@testable import WorldFactsRender
@testable import WorldFactsTestSupport

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
        let html = Markdown().html(
            "<script>window.pwned=1</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("<img"))
        #expect(html.contains("raw HTML omitted"))
    }

    @Test func unsafeOptInPassesRawHTML() {
        #expect(Markdown(unsafe: true).html("<b>bold</b>").contains("<b>bold</b>"))
    }
}
