import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// Names from codes that a site declares: a collection keyed by region codes titled by CLDR in a language
/// with no translation, a field's own names for codes ICU lacks, and notes declared to be the default's.
@Suite struct CodeNamesBuildTests {
    static let yaml = """
        title: Test Site
        languages:
          - { id: en, locale: en, label: English }
          - { id: sv, locale: sv, label: Svenska }
        records: { file: records.json, key: id, title: name, pages: things, key_format: region,
                   translations: { sv: names.sv.tsv } }
        fields:
          - { id: spoken, label: Spoken, format: list, items: language, names: { sre: Sara, de: Teutonic } }
          - { id: money, label: Money, format: currency }
        search:
          scopes:
            - { id: name, label: Name, fields: [name] }
        """
    static let records = """
        [{"id":"CH","name":"Switzerland","spoken":["de","sre","qqq"],"money":"CHF"},
         {"id":"IS","name":"Iceland","spoken":["is"]},{"id":"AN","name":"Netherlands Antilles"},
         {"id":"XK","name":"Kosovo"},{"id":"zz","name":"Nowhere"}]
        """

    func build(yaml: String = yaml, _ files: [String: String]) throws -> (root: String, report: BuildReport) {
        try buildSite(records: Self.records, siteYAML: yaml, files: files)
    }

    func title(_ root: String, _ page: String) throws -> String {
        let html = try readText(root + "/Output/" + page)
        let start = try #require(html.range(of: "<h1>")).upperBound
        return String(html[start..<(try #require(html.range(of: "</h1>"))).lowerBound])
    }

    @Test func aLanguageWithNoTitleNamesTheRegionOfTheKey() throws {
        let (root, report) = try build(["names.sv.tsv": "key\ttitle\nCH\tSchweiz på svenska\n"])
        defer { removeTemporary(root) }
        #expect(try title(root, "sv/things/ch.html") == "Schweiz på svenska", "the translation first")
        #expect(try title(root, "sv/things/is.html") == "Island")
        #expect(try title(root, "sv/things/xk.html") == "Kosovo")
        // Withdrawn (ICU would say Curaçao) and no region at all: the default's titles, and warned about.
        #expect(try title(root, "sv/things/an.html") == "Netherlands Antilles")
        #expect(try title(root, "sv/things/zz.html") == "Nowhere")
        let missing = try swedishMissing(root)
        #expect(missing.contains("records: title of 'AN'") && missing.contains("records: title of 'zz'"))
        #expect(!missing.contains("records: title of 'IS'") && !missing.contains("records: title of 'XK'"))
        #expect(report.warnings.contains { $0.message.hasPrefix("\(missing.count) texts of language 'sv'") })
    }

    func swedishMissing(_ root: String) throws -> [String] {
        let missing = try Builder().missingTranslations(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        return try #require(missing.first { $0.language == "sv" }).missing
    }

    /// The count a language's warning gives of its missing texts.
    func warnedCount(_ report: BuildReport) throws -> Int {
        let warning = try #require(report.warnings.first { $0.message.contains("of language 'sv'") })
        return try #require(Int(warning.message.prefix { $0.isNumber }))
    }

    @Test func aFieldsNamesComeBeforeICUsInItsLanguageAndAfterInAnother() throws {
        let (root, report) = try build([
            "names.sv.tsv": "key\ttitle\n",
            "languages/sv.yml": "collections: { records: { values: { spoken: { qqq: Q-språk } } } }\n",
        ])
        defer { removeTemporary(root) }
        let english = try readText(root + "/Output/things/ch.html")
        #expect(english.contains("Teutonic, Sara, qqq"), "the site's names, and a code with none as it is")
        let swedish = try readText(root + "/Output/sv/things/ch.html")
        #expect(swedish.contains("tyska, Sara, Q-språk"), "ICU's in Swedish, then the default's names; its own first")
        // Only the code no table and no ICU names is warned about, once.
        let unnamed = report.warnings.filter { $0.message.contains("ICU has a name for") }
        #expect(unnamed.count == 1 && unnamed[0].message.contains("'qqq' is no language code"))
    }

    @Test func notesDeclaredTheDefaultsAreListedNotWarned() throws {
        let yaml = Self.yaml.replacingOccurrences(
            of: "key_format: region,", with: "key_format: region, note_languages: default,")
        let files = ["names.sv.tsv": "key\ttitle\n", "notes/CH.md": "A note.\n"]
        let (root, report) = try build(yaml: yaml, files)
        defer { removeTemporary(root) }
        #expect(try readText(root + "/Output/sv/things/ch.html").contains(#"<p class="note-fallback">"#))
        #expect(try swedishMissing(root).contains("records: note 'CH'"), "listed still")
        let (plain, plainReport) = try build(files)
        defer { removeTemporary(plain) }
        #expect(try warnedCount(plainReport) == (try warnedCount(report)) + 1, "warned without the declaration")
        #expect(try swedishMissing(plain) == (try swedishMissing(root)))
    }

    @Test(arguments: [
        (
            "key_format: region,", "key_format: regoin,",
            "field 'records.key_format': expected 'language', 'currency', 'region', found 'regoin';"
                + " did you mean 'region'?"
        ),
        (
            "key_format: region,", "note_languages: some,",
            "field 'records.note_languages': expected 'all' or 'default', found 'some'"
        ),
        ("format: currency }", "format: text, names: { CHF: Franc } }", "only a field of codes has names"),
        (
            "format: currency }", "format: date, names: { CHF: Franc } }",
            "only a field of codes has names; days have none"
        ),
        (
            "names: { sre: Sara, de: Teutonic }", "names: { sre: [Sara] }",
            "field 'fields[0].names.sre': expected a text value"
        ),
    ]) func badDeclarationsAreErrorsAtTheirKey(was: String, now: String, message: String) throws {
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.yaml.replacingOccurrences(of: was, with: now),
            files: ["records.json": Self.records, "names.sv.tsv": "key\ttitle\n"], mentions: [message])
    }
}
