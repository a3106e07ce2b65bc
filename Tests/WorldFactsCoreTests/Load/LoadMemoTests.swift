import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsTestSupport

/// A load from the last load's memo keeps site.yml's config, each language's texts and each translation
/// file's titles only while their bytes (and the titles' records) are the same, and then gives what a
/// clean load gives.
@Suite struct LoadMemoTests {
    static func yaml(title: String) -> String {
        """
        title: \(title)
        languages:
          - { id: en, locale: en, label: English }
          - { id: sv, locale: sv, label: Svenska }
        records: { file: records.json, key: id, title: name, pages: things, translations: { sv: names.sv.tsv } }
        fields:
          - { id: size, label: Size, format: integer }
        search:
          scopes:
            - { id: name, label: Name, fields: [name] }
        """
    }

    static let records = #"[{"id":"a","name":"Alpha","size":1},{"id":"b","name":"Beta","size":2}]"#

    func folder(title: String = "Things", swedish: String = "title: Saker\n") throws -> String {
        let root = makeTemporaryFolder()
        writeContent(root, records: Self.records, siteYAML: Self.yaml(title: title))
        try FileManager.default.createDirectory(atPath: root + "/languages", withIntermediateDirectories: true)
        try swedish.write(toFile: root + "/languages/sv.yml", atomically: true, encoding: .utf8)
        try Self.names[0].write(toFile: root + "/names.sv.tsv", atomically: true, encoding: .utf8)
        return root
    }

    /// Translation files of titles: one of a key no record has, one that names a record only the second
    /// records file has.
    static let names = ["key\ttitle\na\tAlfa\n", "key\ttitle\na\tÅlfa\nx\tX\n", "key\ttitle\nc\tCe\n"]
    static let otherRecords = #"[{"id":"a","name":"Alpha","size":1},{"id":"c","name":"Gamma","size":3}]"#

    /// What a load says of its config, texts and titles, byte for byte.
    func said(_ content: Content) -> String {
        content.config.text + String(reflecting: content.languageTexts.sorted { $0.key < $1.key }.map(\.value))
            + String(reflecting: content.collections.map { $0.translatedTitles["sv"]?.sorted { $0.key < $1.key } })
            + String(reflecting: content.warnings)
    }

    @Test func seededEditsLoadedFromTheMemoAreCleanLoads() throws {
        let root = try folder()
        defer { removeTemporary(root) }
        var random = SplitMix(state: 0x10AD)
        let loader = ContentLoader(folder: root)
        var memo = try loader.load(memo: ContentLoader.Memo()).memo
        let titles = ["Things", "Things ", "Saker", "Thing\u{301}s", "Thingś"]
        let swedish = ["title: Saker\n", "title: Saker \n", "title: Sakér\n", "title: Sake\u{301}r\n", "{}\n"]
        for _ in 0..<TestSize.scaled(full: 200, quick: 40) {
            if random.next() % 2 == 0 {
                try Self.yaml(title: titles[Int(random.next() % 5)])
                    .write(toFile: root + "/site.yml", atomically: true, encoding: .utf8)
            }
            if random.next() % 2 == 0 {
                try swedish[Int(random.next() % 5)]
                    .write(toFile: root + "/languages/sv.yml", atomically: true, encoding: .utf8)
            }
            // Written every time, of the same bytes as often as not: kept while they are.
            try Self.names[Int(random.next() % 3)]
                .write(toFile: root + "/names.sv.tsv", atomically: true, encoding: .utf8)
            try [Self.records, Self.otherRecords][Int(random.next() % 2)]
                .write(toFile: root + "/records.json", atomically: true, encoding: .utf8)
            let (content, next) = try loader.load(memo: memo)
            memo = next
            #expect(said(content).hasSameBytes(as: said(try loader.load())))
        }
    }

    @Test func theConfigAndTextsAreKeptOnlyWhileTheirBytesAreTheSame() throws {
        let root = try folder()
        defer { removeTemporary(root) }
        let loader = ContentLoader(folder: root)
        var memo = try loader.load(memo: ContentLoader.Memo()).memo
        // A memo whose config and texts are marked: kept, they show.
        func marked(_ memo: ContentLoader.Memo) throws -> ContentLoader.Memo {
            var marked = memo
            let config = try #require(memo.config)
            var read = config.read
            read.0?.title = "Kept config"
            marked.config = (config.file, config.text, read)
            for (file, texts) in memo.languageTexts {
                var read = texts.read
                read.0.title = "Kept texts"
                marked.languageTexts[file] = (texts.text, read)
            }
            return marked
        }
        var content = try loader.load(memo: try marked(memo)).content
        #expect(content.config.title == "Kept config" && content.languageTexts["sv"]?.title == "Kept texts")

        // Another byte of the language's file: its texts are read, the config kept.
        try "title: Sakér\n".write(toFile: root + "/languages/sv.yml", atomically: true, encoding: .utf8)
        (content, memo) = try loader.load(memo: try marked(memo))
        #expect(content.config.title == "Kept config" && content.languageTexts["sv"]?.title == "Sakér")

        // Another byte of site.yml: both are read, the language's texts though its file is as it was (they
        // are checked against the config).
        try Self.yaml(title: "Thingś").write(toFile: root + "/site.yml", atomically: true, encoding: .utf8)
        content = try loader.load(memo: try marked(memo)).content
        #expect(content.config.title == "Thingś" && content.languageTexts["sv"]?.title == "Sakér")
    }
}

extension LoadMemoTests {
    /// Records are values by field position: a field added in site.yml while the records file stays as it
    /// was reads the records again, rather than keeping records of fewer values.
    @Test func aFieldAddedInSiteYmlReadsTheRecordsAgain() throws {
        let root = try folder()
        defer { removeTemporary(root) }
        let loader = ContentLoader(folder: root)
        let memo = try loader.load(memo: ContentLoader.Memo()).memo
        let added = Self.yaml(title: "Things").replacingOccurrences(
            of: "  - { id: size, label: Size, format: integer }",
            with: "  - { id: size, label: Size, format: integer }\n  - { id: twice, label: Twice, compute: size * 2 }")
        #expect(added != Self.yaml(title: "Things"))
        try added.write(toFile: root + "/site.yml", atomically: true, encoding: .utf8)
        let content = try loader.load(memo: memo).content
        #expect(content.collections[0].records.allSatisfy { $0.values.count == 2 })
        #expect(content.collections[0].records.map { $0.values[1] } == [.decimal(2), .decimal(4)])
    }
}
