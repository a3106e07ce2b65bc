import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsTestSupport

@Suite struct SiteConfigLoaderTests {
    @Test func loadsTheShippedSiteDescription() throws {
        let text = try readText(repoPath("Tests/Fixtures/countries/site.yml"))
        let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: text)
        #expect(diagnostics.isEmpty)
        let site = try #require(config)
        #expect(site.title == "World Facts")
        #expect(site.only.records.keyField == "code")
        #expect(site.search.scopes.map(\.id) == ["name", "capital", "text"])
        #expect(site.search.scopes.map(\.note) == [false, false, true])
        #expect(site.search.scopes.map(\.isMember) == [true, true, false])
        #expect(site.search.scopes[0].fields == [.title, site.only.ref(for: "aliases")!])
        #expect(site.only.index.detailLabel == "Pop:")
        #expect(site.strings.none == "None")
    }

    @Test func malformedYAMLNamesLineAndColumn() {
        let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: "title: A\nfields: [\n  - x: y\n")
        #expect(config == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].description.hasPrefix("site.yml:3:"))
        #expect(diagnostics[0].description.contains("malformed YAML"))
    }

    @Test func unknownFieldFormatAndReferenceAreErrorsWithLines() {
        let yaml = testSiteYAML.replacingOccurrences(of: "format: list", with: "format: listing")
            .replacingOccurrences(of: "subtitle: capital", with: "subtitle: capitol")
        let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: yaml)
        #expect(config == nil)
        let lines = diagnostics.map(\.description)
        #expect(
            lines.contains { $0.hasPrefix("site.yml:8:") && $0.contains("fields[3].format") && $0.contains("listing") })
        #expect(lines.contains { $0.contains("index.subtitle") && $0.contains("capitol") })
    }
}

@Suite struct LinkSafetyTests {
    @Test(arguments: ["https://www.geonames.org/", "http://x", "mailto:a@b", "about.html", "/x?y=z:1", "#top"])
    func allowed(url: String) { #expect(SiteConfigLoader.isSafeLink(url)) }

    @Test(arguments: [
        "javascript:alert(1)", " JavaScript:alert(1)", "java\nscript:x", "data:text/html,x", "vbscript:x",
        "file:///etc/passwd",
    ])
    func refused(url: String) { #expect(!SiteConfigLoader.isSafeLink(url)) }

    @Test func aJavascriptCreditIsAnErrorWithItsLine() {
        let yaml = testSiteYAML + "\ncredit: { text: x, url: \"javascript:alert(1)\" }\n"
        let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: yaml)
        #expect(config == nil)
        #expect(
            diagnostics.map(\.description).contains {
                $0.hasPrefix("site.yml:14:") && $0.contains("credit.url") && $0.contains("javascript:alert(1)")
            })
    }
}
