import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// A list of language codes (`format: list, items: language`) grouped: each value's page is titled by the
/// code's name in the site's language and sorted by it, named by the code; record pages show the names.
@Suite struct CodeNamesTests {
    let yaml = """
        title: Test Site
        locale: LOCALE
        collections:
          - id: things
            label: Things
            file: records.json
            key: id
            title: name
            pages: things
            fields:
              - { id: langs, label: Languages, format: list, items: language, names: { xq: Xish } }
              - { id: money, label: Money, format: currency }
            groups:
              - { field: langs, pages: languages, label: Languages }
        """

    func built(locale: String) throws -> (root: String, report: BuildReport) {
        let root = makeTemporaryFolder()
        writeContent(
            root + "/Content",
            records: #"[{"id":"ch","name":"Switzerland","langs":["de-CH","fr-CH","rm"],"money":"CHF"},"#
                + #"{"id":"at","name":"Austria","langs":["de-AT","xq"],"money":"EUR"},"#
                + #"{"id":"fr","name":"France","langs":["fr-FR"],"money":"QQQ"}]"#,
            siteYAML: yaml.replacingOccurrences(of: "LOCALE", with: locale))
        let report = try Builder().build(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        return (root, report)
    }

    @Test func namesInEnglish() throws {
        let (root, report) = try built(locale: "en")
        defer { removeTemporary(root) }
        let page = try readText(root + "/Output/things/ch.html")
        #expect(page.contains("German (Switzerland)</a>, ") || page.contains(">German (Switzerland)<"))
        #expect(page.contains(">Romansh<") && page.contains("Swiss Franc"))
        #expect(!page.contains(">de-CH<"))
        // The overview lists the values by name, in English order; each page is named by its code.
        let overview = try readText(root + "/Output/languages/index.html")
        let names = [
            "French (France)", "French (Switzerland)", "German (Austria)", "German (Switzerland)", "Romansh", "Xish",
        ]
        let found = names.compactMap { overview.range(of: ">\($0)<")?.lowerBound }
        #expect(found.count == names.count && found == found.sorted(), "\(found)")
        #expect(FileManager.default.fileExists(atPath: root + "/Output/languages/de-ch.html"))
        #expect(try readText(root + "/Output/languages/de-ch.html").contains("<h1>German (Switzerland)</h1>"))
        // A code ICU has no name for takes the field's (`names:`), its page too; one neither names is shown
        // as it is, and warned of once per field.
        #expect(try readText(root + "/Output/languages/xq.html").contains("<h1>Xish</h1>"))
        let warnings = report.warnings.map(\.description)
        #expect(!warnings.contains { $0.contains("field 'langs'") })
        #expect(warnings.contains { $0.contains("field 'money': 'QQQ' is no currency code") })
        #expect(try readText(root + "/Output/things/fr.html").contains("QQQ"))
    }

    @Test func namesInTheSitesLanguage() throws {
        let (root, _) = try built(locale: "de")
        defer { removeTemporary(root) }
        let page = try readText(root + "/Output/things/ch.html")
        #expect(
            page.contains("Deutsch (Schweiz)") && page.contains("Rätoromanisch") && page.contains("Schweizer Franken"))
        #expect(try readText(root + "/Output/languages/de-ch.html").contains("<h1>Deutsch (Schweiz)</h1>"))
    }
}
