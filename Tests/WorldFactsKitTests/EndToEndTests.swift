import Foundation
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

/// Builds the shipped Content and Templates into a temporary folder and reads the pages back.
@Suite(.serialized) struct ShippedSiteTests {
    let output: String
    let report: BuildReport

    init() throws {
        output = makeTemporaryFolder("site")
        report = try Builder().build(BuildOptions(content: repoPath("Content"), templates: repoPath("Templates"), output: output))
    }

    func page(_ path: String) throws -> String { try readText(output + "/" + path) }

    @Test func onePagePerRecord() throws {
        defer { removeTemporary(output) }
        let records = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: repoPath("Content/countries.json")))) as! [[String: Any]]
        #expect(records.count == 252)
        let pages = try FileManager.default.contentsOfDirectory(atPath: output + "/countries").filter { $0.hasSuffix(".html") }
        #expect(pages.count == 252)
        #expect(Set(pages) == Set(records.map { ($0["code"] as! String).lowercased() + ".html" }))
        #expect(report.records == 252)
    }

    @Test func sectionsAnchorsAndTopLink() throws {
        defer { removeTemporary(output) }
        let index = try page("index.html")
        let headers = index.matches(of: /<h2 id="(section-[A-Za-z]+)" class="section-header">([A-Z#])<\/h2>/).map { String($0.output.2) }
        #expect(headers == ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R",
                            "S", "T", "U", "V", "W", "Y", "Z"])
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
        #expect(index.contains(#"<a href="countries/is.html"><span class="title">Iceland</span><span class="subtitle">Reykjavík</span><span class="detail">Pop: 353,574</span></a>"#))
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
        let again = try Builder().build(BuildOptions(content: repoPath("Content"), templates: repoPath("Templates"), output: output))
        #expect(again.write.written.isEmpty)
        #expect(again.write.unchanged == report.write.written.count)
        #expect(snapshot(output) == before)
    }
}

@Suite struct BadInputTests {
    /// Builds good content, breaks it, builds again: the second build must fail and leave Output as it was.
    func expectFailureLeavesOutput(
        records: String? = nil, siteYAML: String? = nil, template: (String, String)? = nil, note: (String, [UInt8])? = nil,
        mentions: [String]
    ) throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let good = #"[{"id":"a","name":"Alpha","population":1},{"id":"b","name":"Beta","next_to":["a"]}]"#
        writeContent(root + "/Content", records: good)
        try FileManager.default.copyItem(atPath: repoPath("Templates"), toPath: root + "/Templates")
        let options = BuildOptions(content: root + "/Content", templates: root + "/Templates", output: root + "/Output")
        _ = try Builder().build(options)
        let before = snapshot(root + "/Output")
        #expect(before.count > 3)

        if let records { try records.write(toFile: root + "/Content/records.json", atomically: true, encoding: .utf8) }
        if let siteYAML { try siteYAML.write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8) }
        if let (name, text) = template { try text.write(toFile: root + "/Templates/\(name).mustache", atomically: true, encoding: .utf8) }
        if let (name, bytes) = note { FileManager.default.createFile(atPath: root + "/Content/notes/\(name)", contents: Data(bytes)) }
        #expect {
            _ = try Builder().build(options)
        } throws: { error in
            let text = "\(error)"
            return mentions.allSatisfy { text.contains($0) }
        }
        #expect(snapshot(root + "/Output") == before, "a failed build changed Output")
    }

    @Test func malformedRecords() throws {
        try expectFailureLeavesOutput(records: "[{\"id\": \"a\",\n \"name\": }]", mentions: ["records.json:2:10", "malformed JSON"])
    }

    @Test func wrongTypeAndDuplicateKey() throws {
        try expectFailureLeavesOutput(
            records: #"[{"id":"a","name":"A","population":"abc"},{"id":"b","name":"B"},{"id":"b","name":"B2"}]"#,
            mentions: ["record 'a', field 'population'", "duplicate key", "'b'"])
    }

    @Test func malformedSiteYAML() throws {
        try expectFailureLeavesOutput(siteYAML: "title: [unclosed\n", mentions: ["site.yml:2", "malformed YAML"])
    }

    @Test func missingRecordsFile() throws {
        try expectFailureLeavesOutput(siteYAML: testSiteYAML.replacingOccurrences(of: "records.json", with: "gone.json"),
                                      mentions: ["gone.json", "missing"])
    }

    @Test func templateSyntaxError() throws {
        try expectFailureLeavesOutput(template: ("record", "{{#facts}}\n{{label}}\n{{/fact}}"), mentions: ["record.mustache:3", "template syntax error"])
    }

    @Test func invalidUTF8Note() throws {
        try expectFailureLeavesOutput(note: ("a.md", Array("ok\nbad \u{1}".utf8) + [0xC3, 0x28]), mentions: ["a.md:2", "invalid UTF-8"])
    }
}

@Suite struct UnsafeKeyTests {
    func build(_ records: String, siteYAML: String = testSiteYAML, output: String? = nil) throws -> (String, Result<BuildReport, BuildFailure>) {
        let root = makeTemporaryFolder()
        writeContent(root + "/Content", records: records, siteYAML: siteYAML)
        let options = BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: output ?? root + "/Output")
        do { return (root, .success(try Builder().build(options))) } catch { return (root, .failure(error)) }
    }

    @Test func hostileKeysBecomeSafeUniqueFileNamesInsideOutput() throws {
        let long = String(repeating: "k", count: 300)
        let (root, result) = try build(#"[{"id":"../x","name":"A"},{"id":"a/b","name":"B"},{"id":"CON","name":"C"},{"id":"x\u0001y","name":"D"},{"id":"\#(long)","name":"E"}]"#)
        defer { removeTemporary(root) }
        let report = try result.get()
        let pages = report.write.written.filter { $0.hasPrefix("things/") }.sorted()
        #expect(pages == ["things/a-b.html", "things/con_.html", "things/\(String(repeating: "k", count: 80)).html", "things/x-y.html", "things/x.html"])
        let everything = try FileSystem.disk.listFiles(root)
        #expect(everything.allSatisfy { $0.hasPrefix("Content/") || $0.hasPrefix("Output/") })
    }

    @Test(arguments: [
        (#"[{"id":".","name":"Dot"}]"#, "key gives no usable file name"),
        (#"[{"id":"","name":"Empty"}]"#, "expected a non-empty text"),
        (#"[{"id":"ab","name":"One"},{"id":"AB","name":"Two"}]"#, "as does record 'ab'"),
    ])
    func unusableOrCollidingKeysAreErrors(records: String, message: String) throws {
        let (root, result) = try build(records)
        defer { removeTemporary(root) }
        guard case .failure(let failure) = result else { Issue.record("the build succeeded"); return }
        #expect("\(failure)".contains(message), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: root + "/Output"))
    }

    @Test func aNoteOverTheSizeLimitIsAnError() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        writeContent(root + "/Content", records: #"[{"id":"a","name":"A"}]"#, siteYAML: testSiteYAML + "\nnotes: { size_limit: 100 }\n",
                     notes: ["a": String(repeating: "x", count: 101)])
        #expect {
            _ = try Builder().build(BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        } throws: { "\($0)".contains("notes/a.md: error: note is 101 bytes; the limit is 100") }
    }

    @Test func outputAtTheContentFolderIsRefusedAndNothingIsWritten() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        writeContent(root + "/Content", records: #"[{"id":"a","name":"A"}]"#)
        let before = snapshot(root)
        for output in [root + "/Content", root, "/"] {
            #expect(throws: BuildFailure.self) {
                _ = try Builder().build(BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: output))
            }
        }
        #expect(snapshot(root) == before)
    }
}

/// Above `index.split_above` the index is one page per section, and every link between them resolves.
@Suite struct SplitIndexTests {
    @Test func sectionPagesReplaceTheSingleIndex() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let yaml = testSiteYAML.replacingOccurrences(of: "detail_label: \"Pop:\" }", with: "detail_label: \"Pop:\", split_above: 3 }")
        writeContent(root + "/Content", records: #"[{"id":"a","name":"Alpha"},{"id":"b","name":"Beta"},{"id":"b2","name":"Bravo"},{"id":"n","name":"9 Nine"}]"#, siteYAML: yaml)
        let report = try Builder().build(BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        #expect(Set(report.write.written).isSuperset(of: ["sections/a.html", "sections/b.html", "sections/other.html", "index.html"]))
        let index = try readText(root + "/Output/index.html")
        #expect(index.contains(#"<a href="sections/b.html#section-B">2 records</a>"#))
        #expect(!index.contains("things/a.html"), "the split index lists no rows")
        #expect(index.contains(#"id="search""#))
        let b = try readText(root + "/Output/sections/b.html")
        #expect(b.contains(#"<a href="../things/b.html"><span class="title">Beta</span>"#))
        #expect(b.contains(#"<a href="../index.html#top" class="to-top""#))
        #expect(b.contains(##"<a href="../sections/a.html#section-A">A</a>"##) && b.contains(##"<a href="#section-B">B</a>"##))
        #expect(!b.contains(#"id="search""#))
        #expect(try readText(root + "/Output/things/b2.html").contains(#"href="../sections/b.html#section-B""#))
        // Every relative link of every page points at a file that exists.
        for page in try FileSystem.disk.listFiles(root + "/Output") where page.hasSuffix(".html") {
            let folder = URL(fileURLWithPath: root + "/Output/" + page).deletingLastPathComponent()
            for match in try readText(root + "/Output/" + page).matches(of: /href="([^"#:]+)(#[^"]*)?"/) {
                let target = folder.appendingPathComponent(String(match.output.1)).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: target), "\(page) → \(match.output.1)")
            }
        }
    }
}
