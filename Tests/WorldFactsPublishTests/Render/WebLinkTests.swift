import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// `url` and `email` fields: linked on record pages, shown shorter, and never a link that is not one.
@Suite struct WebLinkTests {
    @Test(arguments: [
        ("https://www.example.org/about/", "example.org/about", true), ("HTTP://Example.org", "Example.org", true),
        (
            "https://example.org/" + String(repeating: "a", count: 60),
            "example.org/" + String(repeating: "a", count: 27) + "…", true
        ),
        ("javascript:alert(1)", "javascript:alert(1)", false), ("ftp://example.org/", "ftp://example.org", false),
        ("https://example.org/a b", "example.org/a b", false),
    ])
    func aWebAddressIsLinkedOnlyWhenItIsOne(_ text: String, _ shown: String, _ linked: Bool) {
        #expect(WebLink.shortened(text) == shown)
        #expect(WebLink.href(.url, text) == (linked ? text : nil))
    }

    @Test(arguments: [
        ("info@example.org", "mailto:info@example.org"), ("no-at.example.org", nil), ("a@b@c.org", nil),
        ("a@localhost", nil), ("a@example.org?subject=x", nil), ("a b@example.org", nil),
    ])
    func anEmailAddressIsLinkedOnlyWhenItIsPlain(_ text: String, _ href: String?) {
        #expect(WebLink.href(.email, text) == href)
    }

    @Test func aRecordPageLinksItsAddressesAndEscapesThem() throws {
        let yaml = """
            title: Offices
            records: { file: records.json, key: id, title: name, pages: offices }
            fields:
              - { id: site, label: Site, format: url }
              - { id: mail, label: Mail, format: email }
            search:
              scopes:
                - { id: name, label: Name, fields: [name] }
            """
        let records = """
            [{"id":"a","name":"A","site":"https://www.example.org/?q=1&r=<2>","mail":"desk@example.org"},
             {"id":"b","name":"B","site":"javascript:alert(1)","mail":"not an address"}]
            """
        let (root, _) = try buildSite(records: records, siteYAML: yaml, files: [:])
        defer { removeTemporary(root) }
        let a = try readText(root + "/Output/offices/a.html")
        #expect(
            a.contains(#"<a href="https://www.example.org/?q=1&amp;r=&lt;2&gt;">example.org/?q=1&amp;r=&lt;2&gt;</a>"#))
        #expect(a.contains(#"<a href="mailto:desk@example.org">desk@example.org</a>"#))
        let b = try readText(root + "/Output/offices/b.html")
        #expect(!b.contains("href=\"javascript") && b.contains("<td>javascript:alert(1)</td>"))
        #expect(b.contains("<td>not an address</td>"))
    }
}
