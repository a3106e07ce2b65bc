import Testing
import WorldFactsSupport

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsRender
@testable import WorldFactsTestSupport

@Suite struct BaseURLTests {
    @Test(arguments: [
        ("https://example.org", "https://example.org/"),
        ("http://example.org/facts", "http://example.org/facts/"),
        ("HTTPS://example.org:8080/a/b/", "https://example.org:8080/a/b/"),
        ("https://example.org/caf%C3%A9/", "https://example.org/caf%C3%A9/"),
    ])
    func acceptsHTTPAddressesWithAPathPrefix(written: String, text: String) throws {
        #expect(try BaseURL.parse(written).get().text == text)
    }

    @Test(arguments: [
        ("ftp://example.org/", "http or https"), ("example.org", "http or https"),
        ("javascript:alert(1)", "http or https"),
        ("https://example.org/?q=1", "query or fragment"), ("https://example.org/#top", "query or fragment"),
        ("https://", "host"), ("https:///facts", "host"), ("https://example.org/a b", "space"),
        ("https://example.org/<x>", "'<'"), ("https://exämple.org/", "'ä'"),
    ])
    func refusesOtherAddressesSayingWhy(written: String, problem: String) {
        guard case .failure(let failure) = BaseURL.parse(written) else {
            Issue.record("'\(written)' was accepted")
            return
        }
        #expect(failure.message.contains(problem), "\(failure.message)")
    }

    @Test func addressesFoldersByTheirIndexAndEncodesOtherBytes() throws {
        let url = try BaseURL.parse("https://example.org/facts/").get()
        #expect(url.address(of: "index.html") == "https://example.org/facts/")
        #expect(url.address(of: "countries/index.html") == "https://example.org/facts/countries/")
        #expect(url.address(of: "countries/ch.html") == "https://example.org/facts/countries/ch.html")
        #expect(url.address(of: "länder/a b.html") == "https://example.org/facts/l%C3%A4nder/a%20b.html")
        #expect(Sitemap(url: url).path(of: url.address(of: "länder/a b.html")) == "länder/a b.html")
        #expect(Sitemap(url: url).path(of: "https://example.org/facts/countries/") == "countries/index.html")
        #expect(Sitemap(url: url).path(of: "https://example.com/facts/x.html") == nil)
    }
}

@Suite struct SitemapTests {
    let url = try! BaseURL.parse("https://example.org/x/").get()

    func pages(_ count: Int) -> [(path: String, day: String)] {
        (0..<count).map { ("p/\($0).html", "2026-01-\(10 + $0 % 10)") }
    }

    @Test func oneSitemapUpToItsLimitThenAnIndexOfNumberedOnes() throws {
        var sitemap = Sitemap(url: url)
        sitemap.urlsPerFile = 3
        let small = sitemap.files(pages: pages(3))
        #expect(small.map(\.path) == ["sitemap.xml", "robots.txt"])
        let large = sitemap.files(pages: pages(7))
        #expect(large.map(\.path) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "robots.txt"])
        let index = String(decoding: large[0].bytes, as: UTF8.self)
        #expect(index.contains("<sitemapindex"))
        #expect(index.contains("<loc>https://example.org/x/sitemap-3.xml</loc><lastmod>2026-01-16</lastmod>"))
        let last = String(decoding: large[3].bytes, as: UTF8.self)
        #expect(last.components(separatedBy: "<url>").count == 2)
        #expect(String(decoding: large[4].bytes, as: UTF8.self).contains("Sitemap: https://example.org/x/sitemap.xml"))
    }

    @Test func aFileStaysUnderItsByteLimit() {
        var sitemap = Sitemap(url: url)
        sitemap.bytesPerFile = 400
        let files = sitemap.files(pages: pages(10)).filter { $0.path.hasPrefix("sitemap-") }
        #expect(files.count > 1)
        #expect(files.allSatisfy { $0.bytes.count <= 400 })
    }

    @Test(arguments: [3, 50_000]) func theDaysItGivesAreReadBack(perFile: Int) {
        var sitemap = Sitemap(url: url)
        sitemap.urlsPerFile = perFile
        // An entity and a percent-encoded path are read back as they were given.
        let given = pages(8) + [("a&b/index.html", "2025-12-31"), ("länder/a b.html", "2025-11-30")]
        let files = Dictionary(uniqueKeysWithValues: sitemap.files(pages: given).map { ($0.path, $0.bytes) })
        let days = sitemap.lastDays(files["sitemap.xml"]!) { files[$0] }
        #expect(days == Dictionary(uniqueKeysWithValues: given.map { ($0.path, $0.day) }))
        // Another base URL's sitemap gives no days.
        let other = Sitemap(url: try! BaseURL.parse("https://example.com/").get())
        #expect(other.lastDays(files["sitemap.xml"]!) { files[$0] }.isEmpty)
    }

    @Test(arguments: [
        (Int64(0), "1970-01-01"), (1_700_000_000, "2023-11-14"), (951_782_400, "2000-02-29"), (-1, "1969-12-31"),
        (4_102_444_800, "2100-01-01"),
    ])
    func daysAreUTCCalendarDays(seconds: Int64, day: String) {
        #expect(CalendarDay.of(secondsSince1970: seconds) == day)
    }
}

@Suite struct WebConfigTests {
    func load(_ yaml: String) -> (SiteConfig?, [Diagnostic]) { SiteConfigLoader(file: "site.yml").load(text: yaml) }

    @Test func aDescriptionIsAFieldOrATextWithFieldsInBraces() throws {
        let field = try #require(
            load(testSiteYAML.replacingOccurrences(of: "pages: things", with: "pages: things, description: capital")).0)
        guard case .field(.field(0)) = field.only.description?.parts.first else {
            Issue.record("\(String(describing: field.only.description))")
            return
        }
        let template = try #require(
            load(
                testSiteYAML.replacingOccurrences(
                    of: "pages: things", with: "pages: things, description: \"{name}, capital {capital}.\"")
            ).0)
        #expect(template.only.description?.parts.count == 4)
    }

    @Test(arguments: [
        ("description: capitol", "names no field: 'capitol'"), ("description: \"{capital\"", "is not closed"),
        ("description: \"x}\"", "closes no"), ("description: \"{nme} is\"", "names no field: 'nme'"),
        ("structured_data: { type: Place, properties: { population: populaton } }", "names no field: 'populaton'"),
        ("structured_data: { type: Place, properties: { name: capital } }", "written by the page itself"),
        ("structured_data: { properties: { p: capital } }", "type"),
    ])
    func aWrongWebKeyIsAnErrorAtItsLine(key: String, problem: String) {
        let yaml = testSiteYAML.replacingOccurrences(of: "pages: things }", with: "pages: things, \(key) }")
        let (config, diagnostics) = load(yaml)
        #expect(config == nil)
        #expect(diagnostics.contains { "\($0)".contains(problem) && $0.location.line == 3 }, "\(diagnostics)")
    }

    @Test func aURLThatIsNotHTTPIsAnErrorAtItsLine() {
        let (config, diagnostics) = load(
            testSiteYAML.replacingOccurrences(of: "locale: en", with: "locale: en\nurl: file:///x"))
        #expect(config == nil)
        #expect(
            diagnostics.contains { $0.message.contains("http or https") && $0.location.line == 3 }, "\(diagnostics)")
    }
}

@Suite struct DescriptionTests {
    @Test func aNotesFirstParagraphIsItsTextWithoutMarkup() {
        let markdown = Markdown()
        #expect(
            markdown.firstParagraph(
                "# Title\n\nSee [the *lake*](https://x.org) and `code`,\nthen <b>more</b>.\n\nNext.")
                == "See the lake and code, then more.")
        #expect(markdown.firstParagraph("# Only a heading\n") == nil)
        #expect(WebHead.shortened(String(repeating: "word ", count: 100))!.count <= WebHead.descriptionLength)
        #expect(WebHead.shortened(String(repeating: "word ", count: 100))!.hasSuffix("…"))
        #expect(WebHead.shortened(" \n ") == nil)
        #expect(WebHead.shortened(String(repeating: "x", count: 1_000))!.count == WebHead.descriptionLength)
    }
}
