import Foundation
import Testing
import WorldFactsMustache
import WorldFactsSupport

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsTestSupport

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

    /// Seeded cities, more than one task's worth of records, with names that need quoting or escaping:
    /// each file, read back by a reader of its own (JSONSerialization; an RFC 4180 reader here), holds
    /// every record's values, in the index's order.
    @Test(arguments: [20_261_204, 7]) func downloadsOfManyRecordsReadBackAsTheRecords(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let pieces = ["a", "B", "é", "ø", ",", "\"", " ", "\u{00A0}", "\u{3000}", "<", "&", "\t", "Ž", "1", "東"]
        var text = "id,name,country,population\n"
        var expected: [String: (name: String, population: Int?)] = [:]
        let count = DataDownloads.recordsAtOnce * 2 + 321
        for number in 0..<count {
            var name = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            name = "n" + name + "z"
            let population =
                Int.random(in: 0...9, using: &random) == 0 ? nil : Int.random(in: 0...9_999_999, using: &random)
            expected["k\(number)"] = (name, population)
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            text += "k\(number),\(quoted),A,\(population.map(String.init) ?? "")\n"
        }
        let yaml = CollectionsTests.siteYAML.replacingOccurrences(
            of: "    file: cities.csv\n", with: "    file: cities.csv\n    downloads: [json, csv]\n")
        let collection = try site(yaml, cities: text).collections[1]
        let order = collection.records.map(\.key)
        let files = DataDownloads(collection: collection).files()
        let json = try JSONSerialization.jsonObject(with: Data(files[0].bytes)) as! [[String: Any]]
        #expect(json.map { $0["id"] as? String ?? "" } == order)
        let rows = Self.csvRows(String(decoding: files[1].bytes, as: UTF8.self))
        #expect(rows.first == ["id", "name", "country", "population"])
        #expect(rows.dropFirst().map(\.[0]) == order)
        for (object, row) in zip(json, rows.dropFirst()) {
            let key = row[0]
            let record = try #require(collection.records.first { $0.key == key })
            let want = try #require(expected[key])
            #expect(record.title == want.name)
            #expect(object["name"] as? String == record.title && row[1] == record.title)
            #expect(object["population"] as? Int == want.population)
            #expect(row[3] == want.population.map(String.init) ?? "")
        }
    }

    /// Downloads made again after value edits from the last build's rows (`DownloadRows`), only the parts
    /// that hold an edited record made again, are byte for byte the downloads of the edited collection
    /// made whole, and so are the last build's files with those parts put in (`files(rows:patching:)`,
    /// parts growing and shrinking): seeded edits of several records (in one part, across parts, the
    /// first and last), over a collection of three parts and a bit. Files that are not the join of the
    /// last rows are joined anew.
    @Test(arguments: [20_261_205, 11]) func downloadsUpdatedWhereEditedAreTheWholeDownloads(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let count = DataDownloads.recordsAtOnce * 3 + 17
        let text = (0..<count).reduce("id,name,country,population\n") { text, number in
            // Quoted in the source, each quote doubled: the downloads quote a comma or a quote again.
            let piece = ["é", ",", "\"\"", "x"].randomElement(using: &random)!
            return text + "k\(number),\"n\(number) \(piece)\",A,\(number * 7)\n"
        }
        let yaml = CollectionsTests.siteYAML.replacingOccurrences(
            of: "    file: cities.csv\n", with: "    file: cities.csv\n    downloads: [csv, json]\n")
        var collection = try site(yaml, cities: text).collections[1]
        let population = try #require(collection.spec.fields.firstIndex { $0.id == "population" })
        var rows = DataDownloads(collection: collection).rows()
        var joined = DataDownloads(collection: collection).files(rows: rows).map(\.bytes)
        for round in 0..<6 {
            let picked = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                Int.random(in: 0..<count, using: &random)
            }
            let edited = round == 0 ? [0, count - 1] : Array(Set(picked)).sorted()
            for position in edited {
                let value: FieldValue =
                    Int.random(in: 0...3, using: &random) == 0
                    ? .missing : .integer(Int.random(in: -9...99_999_999, using: &random))
                collection.records[position].values[population] = value
            }
            let downloads = DataDownloads(collection: collection)
            let stale = downloads.files(rows: rows)
            let lastRows = rows
            rows = downloads.rows(updating: rows, at: edited)
            let whole = downloads.files()
            #expect(downloads.files(rows: rows).map(\.bytes) == whole.map(\.bytes), "round \(round): \(edited)")
            let parts = DataDownloads.parts(at: edited)
            let patched = downloads.files(rows: rows, patching: joined, lastRows: lastRows, parts: parts)
            #expect(patched.map(\.bytes) == whole.map(\.bytes), "round \(round), patched: \(edited)")
            #expect(patched.map(\.path) == whole.map(\.path))
            let other = downloads.files(
                rows: rows, patching: joined.map { Array($0.dropLast()) }, lastRows: lastRows, parts: parts)
            #expect(other.map(\.bytes) == whole.map(\.bytes), "round \(round), not the last join")
            joined = patched.map(\.bytes)
            #expect(whole.map(\.path) == ["data/cities.csv", "data/cities.json"])
            // The rows of the last build are not the edited ones: the test would see a part left stale.
            #expect(stale.map(\.bytes) != whole.map(\.bytes) || round > 0)
        }
    }

    /// A cell is quoted exactly when it holds a comma, a quote or a line break, or its first or last
    /// character is white space: the byte-wise check of ASCII texts against that rule on characters.
    @Test func aCellIsQuotedByTheRuleOfItsCharacters() {
        var random = SplitMix(state: 42)
        let pieces = [
            "a", " ", "\t", "\u{0B}", "\r\n", "\u{85}", "\u{A0}", "\u{3000}", "x\u{301}", "\u{600} ", ",", "\"",
        ]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let rule =
                text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
                || text.first?.isWhitespace == true || text.last?.isWhitespace == true
            #expect(DataDownloads.needsQuotes(text) == rule, "\(Array(text.unicodeScalars))")
        }
    }

    /// RFC 4180 rows: quoted cells with doubled quotes, CRLF line ends.
    static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        cell.unicodeScalars.append("\"")
                        pending = scalars.next()
                    } else {
                        quoted = false
                    }
                } else {
                    cell.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                row.append(cell)
                cell = ""
            } else if scalar == "\r", pending == "\n" {
                pending = scalars.next()
                row.append(cell)
                rows.append(row)
                (row, cell) = ([], "")
            } else {
                cell.unicodeScalars.append(scalar)
            }
        }
        return rows
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
            // The build's bookkeeping (`.worldfacts/`) is not the site's.
            return !folder.boolValue && !path.split(separator: "/").contains { $0.hasPrefix(".") }
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
