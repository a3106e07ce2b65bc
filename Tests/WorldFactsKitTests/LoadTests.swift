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

@Suite struct JSONParserTests {
    @Test func parsesValuesWithLines() throws {
        let root = try JSONParser.parseDocument(Array("[\n {\"a\": 1,\n  \"b\": \"x\\u00e9\\ud83d\\ude00\"}\n]".utf8))
        guard case .array(let items) = root.value, case .object(let members) = items[0].value else {
            Issue.record("expected an array of objects"); return
        }
        #expect(items[0].line == 2)
        #expect(members[1].node.line == 3)
        guard case .string(let text) = members[1].node.value else { Issue.record("expected a string"); return }
        #expect(text == "xé😀")
    }

    @Test(arguments: [
        ("[1,]", 1, "expected a value"),
        ("[\n{\"a\" 1}]", 2, "expected ':'"),
        ("[\"abc", 1, "unterminated"),
        ("[01]", 1, "expected ',' or ']'"),
        ("[1] x", 1, "expected end of file"),
        ("[\"\\ud800\"]", 1, "unpaired surrogate"),
    ])
    func reportsSyntaxErrors(input: String, line: Int, message: String) {
        #expect {
            _ = try JSONParser.parseDocument(Array(input.utf8))
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parseDocument([0x5B, 0x22, 0xFF, 0x22, 0x5D]) }
    }
}

@Suite struct SiteConfigLoaderTests {
    @Test func loadsTheShippedSiteDescription() throws {
        let text = try readText(repoPath("Content/site.yml"))
        let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: text)
        #expect(diagnostics.isEmpty)
        let site = try #require(config)
        #expect(site.title == "World Facts")
        #expect(site.records.keyField == "code")
        #expect(site.search.scopes.map(\.id) == ["name", "capital"])
        #expect(site.search.scopes[0].fields == [.title, site.ref(for: "aliases")!])
        #expect(site.index.detailLabel == "Pop:")
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
        #expect(lines.contains { $0.hasPrefix("site.yml:8:") && $0.contains("fields[3].format") && $0.contains("listing") })
        #expect(lines.contains { $0.contains("index.subtitle") && $0.contains("capitol") })
    }
}

@Suite struct LinkSafetyTests {
    @Test(arguments: ["https://www.geonames.org/", "http://x", "mailto:a@b", "about.html", "/x?y=z:1", "#top"])
    func allowed(url: String) { #expect(SiteConfigLoader.isSafeLink(url)) }

    @Test(arguments: ["javascript:alert(1)", " JavaScript:alert(1)", "java\nscript:x", "data:text/html,x", "vbscript:x", "file:///etc/passwd"])
    func refused(url: String) { #expect(!SiteConfigLoader.isSafeLink(url)) }

    @Test func aJavascriptCreditIsAnErrorWithItsLine() {
        let yaml = testSiteYAML + "\ncredit: { text: x, url: \"javascript:alert(1)\" }\n"
        let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: yaml)
        #expect(config == nil)
        #expect(diagnostics.map(\.description).contains { $0.hasPrefix("site.yml:14:") && $0.contains("credit.url") && $0.contains("javascript:alert(1)") })
    }
}

@Suite struct RecordsLoaderTests {
    func load(_ json: String) -> ([Record], [String]) {
        let (records, diagnostics) = RecordsLoader(config: testConfig(), file: "records.json").load(bytes: Array(json.utf8))
        return (records, diagnostics.map(\.description))
    }

    @Test func loadsTypedValues() {
        let (records, problems) = load(#"[{"id":"a","name":"Alpha","population":12,"area":1.5,"tags":["x"],"next_to":["b"]}]"#)
        #expect(problems.isEmpty)
        #expect(records[0].values == [.missing, .integer(12), .decimal(1.5), .list(["x"]), .list(["b"])])
    }

    @Test func wrongTypesNameFileLineRecordAndField() {
        let (records, problems) = load("""
            [
              {"id": "a", "name": "Alpha", "population": "abc"},
              {"id": "b", "name": "Beta", "area": -5},
              {"id": "c", "name": "Gamma", "tags": "x"}
            ]
            """)
        #expect(records.isEmpty)
        #expect(problems == [
            "records.json:2:46: error: record 'a', field 'population': expected a whole number of at least 0, found the text \"abc\"",
            "records.json:3:39: error: record 'b', field 'area': expected a number of at least 0, found the number -5",
            "records.json:4:40: error: record 'c', field 'tags': expected a list of texts, found the text \"x\"",
        ])
    }

    @Test func missingKeyOrTitleAndDuplicates() {
        let (_, problems) = load("""
            [
              {"name": "No key"},
              {"id": "b", "name": ""},
              {"id": "c", "name": "C"},
              {"id": "c", "name": "C again"}
            ]
            """)
        #expect(problems.count == 3)
        #expect(problems[0].contains("records.json:2:3") && problems[0].contains("field 'id'") && problems[0].contains("missing key"))
        #expect(problems[1].contains("record 'b', field 'name'") && problems[1].contains("empty text"))
        #expect(problems[2].contains("record 'c'") && problems[2].contains("lines 4 and 5"))
    }

    @Test func emptyFileAndMalformedJSON() {
        #expect(load("[]").1 == ["records.json:1: error: the records file holds no records; expected at least one"])
        let malformed = load("[\n  {\"id\": \"a\",,}\n]").1
        #expect(malformed.count == 1)
        #expect(malformed[0].hasPrefix("records.json:2:14: error: malformed JSON"))
    }
}
