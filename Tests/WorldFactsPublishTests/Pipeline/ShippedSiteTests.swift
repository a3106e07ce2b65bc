import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// Where this test process builds the shipped site.
private func shippedSiteFolder() -> String { NSTemporaryDirectory() + "worldfacts-shipped-site-\(getpid())" }

/// Builds the shipped Content (countries, cities, continents) and Templates once into a temporary folder
/// and reads the pages back.
@Suite(.serialized) struct ShippedSiteTests {
    static let built: (output: String, report: BuildReport) = {
        // The site is 170 MB, and tests write on tmpfs: it goes when the test process exits.
        let output = shippedSiteFolder()
        atexit { removeTemporary(shippedSiteFolder()) }
        let report = try! Builder().build(
            BuildOptions(content: repoPath("Content"), templates: repoPath("Templates"), output: output))
        return (output, report)
    }()
    var output: String { Self.built.output }
    var report: BuildReport { Self.built.report }

    func page(_ path: String) throws -> String { try readText(output + "/" + path) }

    @Test func onePagePerRecordOfEachCollection() throws {
        let records =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: repoPath("Content/countries.json")))) as! [[String: Any]]
        #expect(records.count == 252)
        let pages = try FileManager.default.contentsOfDirectory(atPath: output + "/countries").filter {
            $0.hasSuffix(".html") && $0 != "index.html"
        }
        #expect(Set(pages) == Set(records.map { ($0["code"] as! String).lowercased() + ".html" }))
        let cities = try readText(repoPath("Content/cities.tsv")).split(separator: "\n").dropFirst()
        let cityPages = try FileManager.default.contentsOfDirectory(atPath: output + "/cities").filter {
            $0.hasSuffix(".html") && $0 != "index.html"
        }
        #expect(Set(cityPages) == Set(cities.map { $0.split(separator: "\t")[0] + ".html" }))
        #expect(report.records == 252 + cities.count)
    }

    /// A newcomer's first build of the shipped site warns of nothing: every country is named in every
    /// language (iso-codes, else CLDR by its region code), every code has a name, the notes are declared English.
    @Test func theShippedSiteBuildsWithNoWarning() {
        #expect(report.warnings.isEmpty, "\(report.warnings.map(\.description))")
        #expect(
            report.summary.contains(#/^[0-9]{1,3}(,[0-9]{3})+ records: [0-9,]+ files written, /#),
            "counts grouped as the census line's are: \(report.summary)")
        // Named by CLDR where iso-codes has no name in the language, and by ISO 3166-3 where the code is withdrawn.
        let titles = [
            "fr/countries/tr.html": "Turquie", "ja/countries/cz.html": "チェコ",
            "de/countries/an.html": "Niederländische Antillen", "ru/countries/xk.html": "Косово",
        ]
        for (path, title) in titles { #expect((try? page(path))?.contains("<h1>\(title)</h1>") == true, "\(path)") }
    }

    @Test func theHomePageListsCollectionsAndGroupsAndSearchesThemAll() throws {
        let home = try page("index.html")
        #expect(
            home.contains(
                #"<a href="countries/index.html"><span class="title">Countries</span>"#
                    + #"<span class="detail">252 records</span></a>"#
            ))
        #expect(
            home.contains(
                #"<a href="continents/index.html"><span class="title">Continents</span>"#
                    + #"<span class="detail">7 values</span></a>"#
            ))
        #expect(home.contains(#"<span class="title">Cities</span><span class="detail">34,006 records</span>"#))
        let scopes = home.matches(of: /name="scope" value="([a-z]+)"( checked)?/).map {
            (String($0.output.1), $0.output.2 != nil)
        }
        #expect(scopes.map(\.0) == ["all", "name", "capital", "city", "text"])
        #expect(scopes.map(\.1) == [true, false, false, false, false])
        // A collection's index checks its own first scope and finds the shards from one folder down.
        let cities = try page("cities/index.html")
        #expect(cities.contains(#"name="scope" value="city" checked"#))
        #expect(cities.contains(#"id="search-form" class="search" role="search" data-root="../""#))
        #expect(cities.contains(/<script src="\.\.\/assets\/search\.[0-9a-f]{10}\.js" defer>/))
    }

    @Test func sectionsAnchorsAndTopLink() throws {
        let index = try page("countries/index.html")
        let headers = index.matches(of: /<h2 id="(section-[A-Za-z]+)" class="section-header">([A-Z#])<\/h2>/).map {
            String($0.output.2)
        }
        #expect(
            headers == [
                "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R",
                "S", "T", "U", "V", "W", "Y", "Z",
            ])
        let strip = try #require(index.firstMatch(of: /<nav id="section-index"[^>]*>([\s\S]*?)<\/nav>/)).output.1
        let stripLinks = strip.matches(of: /href="#([^"]+)"/).map { String($0.output.1) }
        #expect(stripLinks.first == "top")
        #expect(Array(stripLinks.dropFirst()) == headers.map { "section-\($0)" })
        #expect(strip.contains(#"aria-label="Search""#))
        #expect(index.contains(#"id="top""#))
        // One main landmark, whatever the search shows: it hides the index inside it, not the landmark.
        #expect(index.matches(of: /<main[ >]/).count == 1)
        #expect(index.contains(#"<div id="index" class="index">"#))
    }

    @Test func collationPutsDiacriticsAmongTheirLetters() throws {
        let index = try page("countries/index.html")
        let titles = index.matches(of: /<span class="title">([^<]*)<\/span>/).map { String($0.output.1) }
        #expect(titles.count == 252)
        let aland = try #require(titles.firstIndex(of: "Åland Islands"))
        #expect(titles[aland - 1] == "Afghanistan" && titles[aland + 1] == "Albania")
        let ivory = try #require(titles.firstIndex(of: "Côte d&#39;Ivoire"))
        #expect(titles[ivory - 1] == "Costa Rica" && titles[ivory + 1] == "Croatia")
        let aSection = try #require(index.firstMatch(of: /<h2 id="section-A"[\s\S]*?<\/section>/)).output
        #expect(aSection.contains("Åland Islands"))
    }

    @Test func rowsShowCapitalAndPopulation() throws {
        let index = try page("countries/index.html")
        #expect(
            index.contains(
                #"<a href="../countries/is.html"><span class="title">Iceland</span><span "#
                    + #"class="subtitle">Reykjavík</span><span class="detail">Pop: 353,574</span></a>"#
            ))
    }

    @Test func recordPagesShowFactsNotesAndLinks() throws {
        let iceland = try page("countries/is.html")
        #expect(iceland.contains("<h1>Iceland</h1>"))
        #expect(iceland.contains(#"<th scope="row">Capital</th><td><a href="../cities/3413829.html">Reykjavík</a>"#))
        #expect(iceland.contains(#"<th scope="row">Continent</th><td><a href="../continents/europe.html">Europe</a>"#))
        #expect(iceland.contains(#"<th scope="row">Area</th><td>103,000 km²</td>"#))
        #expect(iceland.contains("<h2>Land of fire and ice</h2>"))
        #expect(iceland.contains(#"href="../countries/index.html#section-I""#))
        #expect(iceland.contains(#"<a rel="prev" href="../countries/hu.html">"#))
        // No capital city in the data: the capital's name (the fallback), or None where there is none.
        #expect(try page("countries/pw.html").contains(#"<th scope="row">Capital</th><td>Melekeok</td>"#))
        let antarctica = try page("countries/aq.html")
        #expect(antarctica.contains(#"<th scope="row">Capital</th><td>None</td>"#))
        #expect(antarctica.contains(#"<th scope="row">Population</th><td>0</td>"#))
        let germany = try page("countries/de.html")
        #expect(germany.contains(#"<a href="../countries/fr.html">France</a>"#))
        #expect(try page("index.html").contains("GeoNames"))
        let stylesheet = try #require(iceland.firstMatch(of: /href="\.\.\/(assets\/style\.[0-9a-f]{10}\.css)"/))
        #expect(try page(String(stylesheet.output.1)).contains("prefers-color-scheme"))
    }

    @Test func countriesListTheirLargestCitiesAndCitiesLinkTheirCountry() throws {
        let switzerland = try page("countries/ch.html")
        let list = try #require(
            switzerland.firstMatch(of: /<h2 id="list-cities">Largest cities<\/h2>([\s\S]*?)<\/section>/)
        )
        .output.1
        let titles = list.matches(of: /<span class="title">([^<]*)<\/span>/).map { String($0.output.1) }
        #expect(titles.count == 10)
        #expect(titles.prefix(3) == ["Zürich", "Geneva", "Basel"])
        #expect(list.contains(#"<a href="../countries/cities/ch.html">All "#))
        let all = try page("countries/cities/ch.html")
        #expect(all.matches(of: /<li><a href/).count > 10)
        let zurich = try page("cities/2657896.html")
        #expect(zurich.contains(#"<th scope="row">Country</th><td><a href="../countries/ch.html">Switzerland</a>"#))
        // A country with few cities lists them all, with no link to more.
        let iceland = try page("countries/is.html")
        #expect(iceland.contains("list-cities") && !iceland.contains("countries/cities/is.html"))
    }

    @Test func continentsAreGroupPages() throws {
        let overview = try page("continents/index.html")
        let continents = overview.matches(of: /<span class="title">([^<]*)<\/span>/).map { String($0.output.1) }
        #expect(
            continents == ["Africa", "Antarctica", "Asia", "Europe", "North America", "Oceania", "South America"])
        let europe = try page("continents/europe.html")
        #expect(europe.contains("<h1>Europe</h1>"))
        #expect(europe.contains(#"<a href="../countries/ch.html"><span class="title">Switzerland</span>"#))
        #expect(!europe.contains("countries/jp.html"))
    }

    @Test func everyLinkIsRelative() throws {
        for path in ["index.html", "countries/index.html", "countries/is.html", "cities/sections/z.html"] {
            for match in try page(path).matches(of: /(?:href|src)="([^"]*)"/) {
                let target = String(match.output.1)
                #expect(!target.hasPrefix("/"), "\(path) links to \(target)")
            }
        }
    }

    @Test func aNoOpRebuildWritesNothing() throws {
        let before = snapshot(output)
        let again = try Builder().build(
            BuildOptions(content: repoPath("Content"), templates: repoPath("Templates"), output: output))
        #expect(again.write.written.isEmpty)
        #expect(again.write.unchanged == report.write.written.count)
        #expect(snapshot(output) == before)
    }
}
