import Foundation
import Testing
import WorldFactsMustache
import WorldFactsSupport

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsRender

/// Downloads, per-collection credits and redirects of former keys, on the linked two-collection site.
@Suite struct DataPagesTests {
    let collections = CollectionsTests()

    func site(_ yaml: String, cities: String = CollectionsTests.cities) throws -> Site {
        try collections.modelled(siteYAML: yaml, cities: cities)
    }

    @Test func aCSVCellIsQuotedWhereItMustBe() {
        #expect(DataDownloads.csvCell("plain") == "plain")
        #expect(DataDownloads.csvCell("a,b") == "\"a,b\"")
        #expect(DataDownloads.csvCell("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(DataDownloads.csvCell("two\nlines") == "\"two\nlines\"")
        #expect(DataDownloads.csvCell(" padded") == "\" padded\"")
    }

    @Test func downloadsHoldKeysForLinksAndEveryDeclaredField() throws {
        let yaml = CollectionsTests.siteYAML.replacingOccurrences(
            of: "    file: cities.csv\n", with: "    file: cities.csv\n    downloads: [json, csv, json]\n")
        let site = try site(yaml)
        #expect(site.collections[1].spec.downloads == [.json, .csv])
        let files = DataDownloads(collection: site.collections[1]).files()
        #expect(files.map(\.path) == ["data/cities.json", "data/cities.csv"])
        let json = try JSONSerialization.jsonObject(with: Data(files[0].bytes)) as! [[String: Any]]
        let one = try #require(json.first { $0["id"] as? String == "1" })
        #expect(one["country"] as? String == "A" && one["population"] as? Int == 10 && one["name"] as? String == "One")
        #expect(json.contains { $0["id"] as? String == "5" && $0["country"] as? String == "ZZ" })
        let csv = String(decoding: files[1].bytes, as: UTF8.self)
        #expect(csv.hasPrefix("id,name,country,population\r\n"))
        #expect(csv.contains("\r\n1,One,A,10\r\n"))
    }

    @Test func anUnknownDownloadFormatIsAnErrorNamingTheKnownOnes() {
        let yaml = CollectionsTests.siteYAML.replacingOccurrences(
            of: "    file: cities.csv\n", with: "    file: cities.csv\n    downloads: [xlsx]\n")
        let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: yaml)
        #expect(config == nil)
        #expect(diagnostics.contains { "\($0)".contains("unknown download format 'xlsx'; expected 'csv' or 'json'") })
    }

    @Test func aCollectionsCreditIsOnItsPagesAndEveryCreditOnTheHomePage() throws {
        let yaml =
            CollectionsTests.siteYAML.replacingOccurrences(
                of: "    file: cities.csv\n",
                with: "    file: cities.csv\n    credit: { text: City Source, url: \"https://c.example/\" }\n")
            + "\ncredit: { text: Site Source, license: CC0 }\n"
        let site = try site(yaml)
        let values = SiteValues(site: site)
        func texts(_ value: SharedValue) -> [String] {
            guard case .list(let items) = value.value else { return [] }
            return items.compactMap { item in
                guard case .object(let object) = item, case .text(let text)? = object["text"] else { return nil }
                return text
            }
        }
        #expect(texts(values.credits(of: 0)) == ["Site Source"])
        #expect(texts(values.credits(of: 1)) == ["City Source"])
        #expect(texts(values.allCredits) == ["Site Source", "City Source"])
    }

    @Test func formerKeysGetPagesAndClashesAreErrorsNamingBothRecords() throws {
        let yaml = CollectionsTests.siteYAML.replacingOccurrences(
            of: "    file: cities.csv\n",
            with: "    file: cities.csv\n    aliases: former\n"
        ).replacingOccurrences(
            of: "      - { id: population, label: Population, format: integer }\n",
            with: "      - { id: population, label: Population, format: integer }\n"
                + "      - { id: former, format: list, separator: \"|\", show: false }\n")
        let good = "id,name,country,population,former\n1,One,A,10,uno|Ein\n2,Two,A,30,\n3,Three,A,20,3\n"
        let site = try site(yaml, cities: good)
        let cities = site.collections[1]
        let aliases = AliasPages(cities)
        #expect(aliases.problems.isEmpty)
        #expect(aliases.pages.map(\.slug).sorted() == ["ein", "uno"])
        let page = RedirectPage(site: site).file(0, of: aliases, in: cities)
        #expect(String(decoding: page.bytes, as: UTF8.self).contains("url=1.html"))
        // "1" is record 1's key (listed by record 3), "uno" is listed twice.
        let clashing = "id,name,country,population,former\n1,One,A,10,uno\n2,Two,A,30,uno\n3,Three,A,20,1\n"
        #expect {
            try self.site(yaml, cities: clashing)
        } throws: { error in
            let text = "\(error)"
            return text.contains(
                "record '3', field 'former': alias '1' would take the page '1.html', but it is the page of record '1'")
                && text.contains("alias 'uno'") && text.contains("lists it as an alias too")
        }
    }
}

/// The census under the summary: every file of the folder once, by kind, and the bytes written.
@Suite struct OutputCensusTests {
    @Test func everyFileIsCountedOnceByKind() throws {
        let collections = CollectionsTests()
        let root = collections.project()
        defer { removeTemporary(root) }
        var builder = Builder()
        builder.takesCensus = true
        let options = BuildOptions(
            content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output")
        let report = try builder.build(options)
        let census = try #require(report.census)
        let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/Output").filter { path in
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/Output/" + path, isDirectory: &folder) else {
                return false
            }
            return !folder.boolValue && !path.split(separator: "/").last!.hasPrefix(".")
        }
        #expect(census.files == files.count)
        func count(_ name: String) -> Int { census.kinds.first { $0.name == name }?.files ?? -1 }
        #expect(count("countries pages") == 2 && count("cities pages") == 6)
        #expect(count("group pages") == files.filter { $0.hasPrefix("continents/") }.count)
        #expect(count("search files") == files.filter { $0.hasPrefix("search/") }.count)
        #expect(files.filter { $0.hasPrefix("search/") }.allSatisfy { $0.hasSuffix(".js") })
        #expect(census.bytesWritten == report.write.writtenSizes.reduce(0, +) && census.bytesWritten > 0)
        #expect(census.line.hasPrefix("\(files.count) files: 2 countries pages, 6 cities pages, "))
        // A build that finds the folder up to date stops before writing, and counts nothing.
        #expect(try builder.build(options).census == nil)
    }
}
