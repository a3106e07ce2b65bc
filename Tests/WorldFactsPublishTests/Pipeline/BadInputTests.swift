import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

@Suite struct BadInputTests {
    /// Builds good content, breaks it, builds again: the second build must fail and leave Output as it was.
    func expectFailureLeavesOutput(
        records: String? = nil, siteYAML: String? = nil, template: (String, String)? = nil,
        note: (String, [UInt8])? = nil, files: [String: String] = [:],
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
        if let (name, text) = template {
            try text.write(toFile: root + "/Templates/\(name).mustache", atomically: true, encoding: .utf8)
        }
        if let (name, bytes) = note {
            _ = FileManager.default.createFile(atPath: root + "/Content/notes/\(name)", contents: Data(bytes))
        }
        for (name, text) in files {
            let path = root + "/Content/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect {
            _ = try Builder().build(options)
        } throws: { error in
            let text = "\(error)"
            return mentions.allSatisfy { text.contains($0) }
        }
        #expect(snapshot(root + "/Output") == before, "a failed build changed Output")
    }

    @Test func aTitleOverTheLengthLimitIsAnErrorAtItsLine() throws {
        let long = String(repeating: "word ", count: 600)
        try expectFailureLeavesOutput(
            records: #"[{"id":"a","name":"Alpha"},"# + "\n" + #"{"id":"b","name":"\#(long)"}]"#,
            mentions: [
                "records.json:2: error: record 'b', field 'name': 3000 characters; a title or a searched value may"
                    + " have at most 1000 (search.max_length in site.yml)"
            ])
    }

    @Test func anUnknownLocaleIsAnErrorNamingTheNearestKnownOnes() throws {
        try expectFailureLeavesOutput(
            siteYAML: testSiteYAML.replacingOccurrences(of: "locale: en", with: "locale: de-CHX"),
            mentions: ["site.yml:2:9: error: field 'locale': unknown locale 'de-CHX'; the nearest known are 'de-CH'"])
    }

    /// A locale ICU has no data for is an error, not ICU's silent fallback to its root locale: a language
    /// that does not exist, and a known language with a region that does not.
    @Test(arguments: ["xx", "en-QQ", "english"]) func anUnknownLanguageOrRegionIsAnError(locale: String) throws {
        try expectFailureLeavesOutput(
            siteYAML: testSiteYAML.replacingOccurrences(of: "locale: en", with: "locale: \(locale)"),
            mentions: ["site.yml:2:9: error: field 'locale': unknown locale '\(locale)'"])
    }

    /// A date that is no day of the calendar, or not written YYYY-MM-DD, is an error at its record's line.
    @Test(arguments: ["2023-02-29", "7 March 2024", "2024-3-7"]) func aDateThatIsNoDayIsAnError(text: String) throws {
        try expectFailureLeavesOutput(
            records: #"[{"id":"a","name":"Alpha","capital":"2024-03-07"},"# + "\n"
                + #"{"id":"b","name":"Beta","capital":"\#(text)"}]"#,
            siteYAML: testSiteYAML.replacingOccurrences(
                of: "{ id: capital, label: Capital, format: text }",
                with: "{ id: capital, label: Founded, format: date }"),
            mentions: [
                "records.json:2: error: record 'b', field 'capital': expected a day written YYYY-MM-DD (ISO 8601),"
                    + " found '\(text)'"
            ])
    }

    /// A language written by its English name: the error names its code.
    @Test(arguments: [("english", "en"), ("Swedish", "sv"), ("japanese", "ja")]) func aLanguageByNameSuggestsItsCode(
        name: String, code: String
    ) throws {
        try expectFailureLeavesOutput(
            siteYAML: testSiteYAML.replacingOccurrences(of: "locale: en", with: "locale: \(name)"),
            mentions: ["unknown locale '\(name)'; a locale is a code: did you mean '\(code)'?"])
    }

    /// Items of codes only in a list; only the kinds of codes there are.
    @Test func itemsOfCodesOnlyInAList() throws {
        try expectFailureLeavesOutput(
            siteYAML: testSiteYAML.replacingOccurrences(
                of: "{ id: capital, label: Capital, format: text }",
                with: "{ id: capital, format: text, items: language }"),
            mentions: [
                "site.yml:5:", "field 'fields[0].items': only a list field has items of codes; this one is 'text'",
            ])
        try expectFailureLeavesOutput(
            siteYAML: testSiteYAML.replacingOccurrences(
                of: "{ id: tags, label: Tags, format: list }", with: "{ id: tags, format: list, items: country }"),
            mentions: [
                "field 'fields[3].items': expected one of text, language, currency, region, date, found 'country';"
                    + " a country code is a 'region'"
            ])
    }

    @Test func malformedRecords() throws {
        try expectFailureLeavesOutput(
            records: "[{\"id\": \"a\",\n \"name\": }]", mentions: ["records.json:2:10", "malformed JSON"])
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
        try expectFailureLeavesOutput(
            siteYAML: testSiteYAML.replacingOccurrences(of: "records.json", with: "gone.json"),
            mentions: ["gone.json", "missing"])
    }

    @Test func templateSyntaxError() throws {
        try expectFailureLeavesOutput(
            template: ("record", "{{#facts}}\n{{label}}\n{{/fact}}"),
            mentions: ["record.mustache:3", "template syntax error"])
    }

    @Test func invalidUTF8Note() throws {
        try expectFailureLeavesOutput(
            note: ("a.md", Array("ok\nbad \u{1}".utf8) + [0xC3, 0x28]), mentions: ["a.md:2", "invalid UTF-8"])
    }
}
