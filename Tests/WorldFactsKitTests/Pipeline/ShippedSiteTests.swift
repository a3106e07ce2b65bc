import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline

/// Builds the shipped Content and Templates into a temporary folder and reads the pages back.
@Suite(.serialized) struct ShippedSiteTests {
    let output: String
    let report: BuildReport

    init() throws {
        output = makeTemporaryFolder("site")
        report = try Builder().build(
            BuildOptions(content: repoPath("Content"), templates: repoPath("Templates"), output: output))
    }

    func page(_ path: String) throws -> String { try readText(output + "/" + path) }

    @Test func onePagePerRecord() throws {
        defer { removeTemporary(output) }
        let records =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: repoPath("Content/countries.json")))) as! [[String: Any]]
        #expect(records.count == 252)
        let pages = try FileManager.default.contentsOfDirectory(atPath: output + "/countries").filter {
            $0.hasSuffix(".html")
        }
        #expect(pages.count == 252)
        #expect(Set(pages) == Set(records.map { ($0["code"] as! String).lowercased() + ".html" }))
        #expect(report.records == 252)
    }

    @Test func sectionsAnchorsAndTopLink() throws {
        defer { removeTemporary(output) }
        let index = try page("index.html")
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
        #expect(index.contains(#"<main id="index""#))
    }

    @Test func collationPutsDiacriticsAmongTheirLetters() throws {
        defer { removeTemporary(output) }
        let index = try page("index.html")
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
        defer { removeTemporary(output) }
        let index = try page("index.html")
        #expect(
            index.contains(
                #"<a href="countries/is.html"><span class="title">Iceland</span><span "#
                    + #"class="subtitle">Reykjavík</span><span class="detail">Pop: 353,574</span></a>"#
            ))
    }

    @Test func recordPagesShowFactsNotesAndLinks() throws {
        defer { removeTemporary(output) }
        let iceland = try page("countries/is.html")
        #expect(iceland.contains("<h1>Iceland</h1>"))
        #expect(iceland.contains(#"<th scope="row">Capital</th><td>Reykjavík</td>"#))
        #expect(iceland.contains(#"<th scope="row">Area</th><td>103,000 km²</td>"#))
        #expect(iceland.contains("<h2>Land of fire and ice</h2>"))
        #expect(iceland.contains(#"href="../index.html#section-I""#))
        #expect(iceland.contains(#"<a rel="prev" href="../countries/hu.html">"#))
        let antarctica = try page("countries/aq.html")
        #expect(antarctica.contains(#"<th scope="row">Capital</th><td>None</td>"#))
        #expect(antarctica.contains(#"<th scope="row">Population</th><td>0</td>"#))
        let germany = try page("countries/de.html")
        #expect(germany.contains(#"<a href="../countries/fr.html">France</a>"#))
        #expect(try page("index.html").contains("GeoNames"))
        #expect(try page("assets/style.css").contains("prefers-color-scheme"))
    }

    @Test func everyLinkIsRelative() throws {
        defer { removeTemporary(output) }
        for path in ["index.html", "countries/is.html"] {
            for match in try page(path).matches(of: /(?:href|src)="([^"]*)"/) {
                let target = String(match.output.1)
                #expect(!target.hasPrefix("/"), "\(path) links to \(target)")
            }
        }
    }

    @Test func aNoOpRebuildWritesNothing() throws {
        defer { removeTemporary(output) }
        let before = snapshot(output)
        let again = try Builder().build(
            BuildOptions(content: repoPath("Content"), templates: repoPath("Templates"), output: output))
        #expect(again.write.written.isEmpty)
        #expect(again.write.unchanged == report.write.written.count)
        #expect(snapshot(output) == before)
    }
}
