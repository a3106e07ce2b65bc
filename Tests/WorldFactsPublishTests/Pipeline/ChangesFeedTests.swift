import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The feed of changes (`changes:`) through whole builds: the entry of each build that changed the data,
/// shown on `changes.html` with its values as the facts tables show them; nothing added by a build whose
/// data did not change; a history read back from Output alone; a damaged history a warning, not a failure.
@Suite struct ChangesFeedTests {
    static let siteYAML = """
        title: Elements
        url: https://example.org/facts/
        records: { file: records.json, key: id, title: name, pages: elements }
        fields:
          - { id: number, label: Number, format: integer }
          - { id: block, label: Block }
        changes: { limit: 3, per_entry: 2 }
        """

    static func records(_ elements: [(String, String, Int, String)]) -> String {
        "["
            + elements.map { #"{"id":"\#($0.0)","name":"\#($0.1)","number":\#($0.2),"block":"\#($0.3)"}"# }
            .joined(separator: ",") + "]"
    }

    static let first = [("fe", "Iron", 26, "d"), ("mn", "Manganese", 25, "d"), ("co", "Cobalt", 27, "d")]

    /// Builds `records` into the site's Output, with a cache of its own.
    static func build(_ root: String, _ records: String, clean: Bool = false) throws -> BuildReport {
        writeContent(root + "/Content", records: records, siteYAML: siteYAML)
        return try Builder().build(
            BuildOptions(
                content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output", clean: clean,
                cache: root + "/cache"))
    }

    static func history(_ root: String) throws -> ChangeHistory {
        try ChangesFile.history(Array(FileManager.default.contents(atPath: root + "/Output/changes.json")!))
    }

    @Test func anEntryNamesTheRecordsAChangeAddedRemovedAndChangedWithTheirValues() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        _ = try Self.build(root, Self.records(Self.first))
        #expect(try Self.history(root).entries.map { $0.created?.map(\.records) } == [[3]])
        _ = try Self.build(root, Self.records([("fe", "Iron", 1_026, "d"), ("co", "Cobalt", 27, "d")]))
        let page = try readText(root + "/Output/changes.html")
        #expect(page.contains(#"<a href="elements/fe.html">Iron</a>"#))
        #expect(page.contains("Number: <del>26</del> → <ins>1,026</ins>"))
        #expect(page.contains("Manganese"))
        #expect(!page.contains(#"elements/mn.html"#), "a removed record has no page to link")
        let feed = try readText(root + "/Output/changes.xml")
        #expect(feed.contains("<id>https://example.org/facts/changes.html#change-2-"))
        #expect(feed.contains("https://example.org/facts/elements/fe.html"))
        let pages = try readText(root + "/Output/elements/co.html")
        #expect(pages.contains(#"href="../changes.html""#), "every page links the feed's page")
        #expect(pages.contains(#"type="application/atom+xml" href="../changes.xml""#))
    }

    @Test func aBuildWhoseDataDidNotChangeAddsNothingAndAChangeBackDoes() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        _ = try Self.build(root, Self.records(Self.first))
        // The same data, written again: up to date.
        _ = try Self.build(root, Self.records(Self.first))
        // The same records in another order, built clean: the data is the same.
        _ = try Self.build(root, Self.records(Self.first.reversed()), clean: true)
        #expect(try Self.history(root).entries.map(\.number) == [1])
        var changed = Self.first
        changed[1].1 = "Mangan"
        _ = try Self.build(root, Self.records(changed))
        _ = try Self.build(root, Self.records(Self.first))
        let entries = try Self.history(root).entries
        #expect(entries.map(\.number) == [3, 2, 1])
        #expect(entries[0].items.map(\.title) == ["Manganese"])
        #expect(entries[0].items.map(\.oldTitle) == ["Mangan"])
    }

    @Test func theHistoryIsBoundedAndEachEntryCappedWithTheRestCounted() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        _ = try Self.build(root, Self.records(Self.first))
        for number in 1...4 {
            _ = try Self.build(root, Self.records(Self.first.map { ($0.0, $0.1, $0.2 + number, $0.3) }))
        }
        let entries = try Self.history(root).entries
        #expect(entries.map(\.number) == [5, 4, 3])
        #expect(entries.allSatisfy { $0.items.count == 2 && $0.more == 1 })
        #expect(try readText(root + "/Output/changes.html").contains("and 1 more"))
    }

    @Test func aHistoryIsReadBackFromOutputAloneAndADamagedOneStartsAgain() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        _ = try Self.build(root, Self.records(Self.first))
        _ = try Self.build(root, Self.records(Array(Self.first.prefix(2))))
        // Output restored alone, as a CI job restores it: no cache, a clean build.
        try FileManager.default.removeItem(atPath: root + "/cache")
        _ = try Self.build(root, Self.records(Array(Self.first.prefix(2))), clean: true)
        #expect(try Self.history(root).entries.map(\.number) == [2, 1])
        // A history that cannot be read: a warning naming it, and a history that starts again.
        try Data("{\"format\": 1, \"entries\": [".utf8).write(to: URL(fileURLWithPath: root + "/Output/changes.json"))
        let report = try Self.build(root, Self.records(Self.first), clean: true)
        let warning = report.warnings.first { $0.location.file.hasSuffix("changes.json") }
        #expect(warning?.message.contains("its history starts again with this build") == true)
        #expect(try Self.history(root).entries.map { $0.created?.map(\.records) } == [[3]])
    }

    @Test func everyLanguageHasItsPageInItsOwnWords() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let yaml = Self.siteYAML + "\nlanguages:\n  - { id: en, locale: en }\n  - { id: sv, locale: sv }\n"
        writeContent(root + "/Content", records: Self.records(Self.first), siteYAML: yaml)
        try FileManager.default.createDirectory(atPath: root + "/Content/languages", withIntermediateDirectories: true)
        try "title: Grundämnen\n".write(toFile: root + "/Content/languages/sv.yml", atomically: true, encoding: .utf8)
        let options = BuildOptions(
            content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output",
            cache: root + "/cache")
        _ = try Builder().build(options)
        writeContent(root + "/Content", records: Self.records(Array(Self.first.dropFirst())), siteYAML: yaml)
        _ = try Builder().build(options)
        let swedish = try readText(root + "/Output/sv/changes.html")
        #expect(swedish.contains("<h3>Borttagna</h3>"))
        #expect(swedish.contains("Ändringar i data"))
        #expect(try readText(root + "/Output/sv/changes.xml").contains("https://example.org/facts/sv/changes.html"))
        #expect(!FileManager.default.fileExists(atPath: root + "/Output/sv/changes.json"))
    }
}
