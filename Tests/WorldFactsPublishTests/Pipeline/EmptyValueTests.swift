import Foundation
import Testing

@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// A value a record lacks shows nothing in its index row and search entry (no "None", no empty element);
/// `hide_empty` drops its row from the facts table; and every text a reader sees can be changed through
/// `strings`, the footer's credit and the section strip's name included.
@Suite struct EmptyValueTests {
    func build(siteYAML: String) throws -> (root: String, output: String) {
        let root = makeTemporaryFolder("empty")
        let records =
            #"[{"id":"a","name":"Alpha","capital":"A-town","population":5,"area":2},"#
            + #"{"id":"b","name":"Beta","tags":["x"],"next_to":["a"]}]"#
        writeContent(root + "/Content", records: records, siteYAML: siteYAML)
        let options = BuildOptions(
            content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output")
        _ = try Builder().build(options)
        return (root, root + "/Output")
    }

    @Test func aMissingSubtitleOrDetailShowsNothing() throws {
        let (root, output) = try build(siteYAML: testSiteYAML)
        defer { removeTemporary(root) }
        let index = try readText(output + "/index.html")
        let beta = try #require(index.components(separatedBy: "<li>").first { $0.contains(">Beta<") })
        #expect(!beta.contains("subtitle") && !beta.contains("detail") && !beta.contains("None"), "\(beta)")
        let alpha = try #require(index.components(separatedBy: "<li>").first { $0.contains(">Alpha<") })
        #expect(alpha.contains(#"<span class="subtitle">A-town</span>"#))
        // The search entry of Beta has empty subtitle and detail, which the script does not show.
        let shard = try readText(try publishedShard(output, scope: "name", kind: "l", prefix: "b"))
        #expect(shard.contains(#""Beta","","","#), "\(shard)")
        // Without hide_empty, the facts table shows strings.none.
        #expect(try readText(output + "/things/b.html").contains("<th scope=\"row\">Capital</th><td>None</td>"))
    }

    @Test func hideEmptyDropsTheRowOfAnEmptyField() throws {
        let yaml = testSiteYAML.replacingOccurrences(of: "locale: en", with: "locale: en\nhide_empty: true")
            .replacingOccurrences(
                of: "{ id: tags, label: Tags, format: list }",
                with: "{ id: tags, label: Tags, format: list, hide_empty: false }")
        let (root, output) = try build(siteYAML: yaml)
        defer { removeTemporary(root) }
        let beta = try readText(output + "/things/b.html")
        #expect(!beta.contains(">Capital<") && !beta.contains(">Population<") && !beta.contains(">Area<"))
        #expect(beta.contains(">Tags<") && beta.contains(">Next to<"))
        let alpha = try readText(output + "/things/a.html")
        #expect(alpha.contains(">Capital<") && alpha.contains("<th scope=\"row\">Tags</th><td>None</td>"))
    }

    @Test func theCreditAndTheSectionStripSpeakTheSitesLanguage() throws {
        let yaml =
            testSiteYAML + """

                strings:
                  data: "Daten:"
                  built_with: "Erstellt mit WorldFacts."
                  sections: Abschnitte
                credit: { text: GeoNames, url: "https://www.geonames.org/" }
                """
        let (root, output) = try build(siteYAML: yaml)
        defer { removeTemporary(root) }
        let index = try readText(output + "/index.html")
        #expect(
            index.contains(
                #"<p>Daten: <a href="https://www.geonames.org/">GeoNames</a>.</p>"#
                    + "\n<p>Erstellt mit WorldFacts.</p>")
        )
        #expect(index.contains(#"aria-label="Abschnitte""#))
        #expect(!index.contains("Built with") && !index.contains("\"Sections\""))
    }
}
