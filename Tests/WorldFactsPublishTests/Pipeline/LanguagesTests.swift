import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsTestSupport

/// A site in several languages: each other language's pages in its folder, in its locale and words, and
/// its mistakes named where they are.
@Suite struct LanguagesTests {
    /// The test site in English and Swedish, with the Swedish titles from a translation file.
    static let twoLanguages = testSiteYAML.replacingOccurrences(
        of: "locale: en\n",
        with: "languages:\n  - { id: en, locale: en, label: English }\n  - { id: sv, locale: sv, label: Svenska }\n"
    )
    .replacingOccurrences(
        of: "records: { file: records.json, key: id, title: name, pages: things }",
        with: "records: { file: records.json, key: id, title: name, pages: things,"
            + " translations: { sv: names.sv.tsv } }")

    static let records =
        #"[{"id":"a","name":"Alpha","population":1},{"id":"b","name":"Beta"},{"id":"o","name":"Omega"}]"#

    /// Builds `files` (by path in Content) with the two-language site, into a folder of its own.
    func build(_ files: [String: String], yaml: String = twoLanguages) throws -> (root: String, report: BuildReport) {
        try buildSite(records: Self.records, siteYAML: yaml, files: files)
    }

    /// A language's model is compared by its edition's config's digest, made of the site's config and the
    /// language's file without making that config: over each mix of a site title, a language file and the
    /// records, the same digest means the same config, byte for byte, and another language file or site
    /// title another digest.
    @Test func anEditionsConfigDigestFollowsWhatItsConfigIsMadeOf() throws {
        let (root, _) = try build(["names.sv.tsv": "key\ttitle\na\tÅlfa\n", "languages/sv.yml": "title: Testsajt\n"])
        defer { removeTemporary(root) }
        let content = root + "/Content"
        let siteYAML = try readText(content + "/site.yml")
        let swedish = [
            "title: Testsajt\n", "title: Testsajt\nstrings: { home: Hem }\n", "# a comment\ntitle: Testsajt\n",
            "title: Testsajt\nstrings: { see_all: Alla }\n",
        ]
        var configs: [UInt64: String] = [:]
        var digests: Set<UInt64> = []
        for title in ["Test Site", "Another Site"] {
            for file in swedish {
                for records in [Self.records, Self.records.replacingOccurrences(of: "Omega", with: "Ωmega")] {
                    try siteYAML.replacingOccurrences(of: "title: Test Site", with: "title: \(title)")
                        .write(toFile: content + "/site.yml", atomically: true, encoding: .utf8)
                    try file.write(toFile: content + "/languages/sv.yml", atomically: true, encoding: .utf8)
                    try records.write(toFile: content + "/records.json", atomically: true, encoding: .utf8)
                    let loaded = try ContentLoader(folder: content).load()
                    let digest = loaded.editionConfigDigest(1)
                    let text = LanguageEdition(of: loaded, language: 1).content.config.text
                    #expect(configs[digest].map { $0 == text } ?? true, "one digest, two configs")
                    configs[digest] = text
                    digests.insert(digest)
                }
            }
        }
        #expect(digests.count == 2 * swedish.count, "a digest per site title and language file")
    }

    @Test func aLanguageHasItsPagesInItsFolderInItsWordsAndOrder() throws {
        let (root, report) = try build([
            "names.sv.tsv": "key\ttitle\na\tÅlfa\nb\tBeta\n",
            "languages/sv.yml": "title: Testsajt\nstrings: { home: Hem }\nsearch: { scopes: { name: Namn } }\n",
            "notes/sv/b.md": "Svensk anteckning.\n", "notes/a.md": "An English note.\n",
        ])
        defer { removeTemporary(root) }
        let index = try readText(root + "/Output/sv/index.html")
        #expect(index.contains(#"<html lang="sv" dir="ltr">"#))
        // Ålfa is an Å, after Z in Swedish: Beta, Omega, Ålfa; English keeps Alpha first.
        let order = ["things/b.html", "things/o.html", "things/a.html"].map { index.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
        #expect(index.contains(">Å</h2>"))
        let alpha = try readText(root + "/Output/sv/things/a.html")
        #expect(alpha.contains("<h1>Ålfa</h1>") && alpha.contains("Testsajt"))
        #expect(alpha.contains(#"<p class="note-fallback">"#) && alpha.contains(#"<article class="note" lang="en">"#))
        #expect(alpha.contains(#"<link rel="alternate" hreflang="en" href="../../things/a.html">"#))
        #expect(alpha.contains(#"<link rel="alternate" hreflang="x-default" href="../../things/a.html">"#))
        #expect(alpha.contains(#"data-index="sv/search/""#))
        let beta = try readText(root + "/Output/sv/things/b.html")
        #expect(beta.contains("Svensk anteckning.") && !beta.contains("note-fallback"))
        #expect(FileManager.default.fileExists(atPath: root + "/Output/sv/search/entry.js"))
        // The assets are the default's, not copied.
        #expect(!FileManager.default.fileExists(atPath: root + "/Output/sv/assets"))
        // Omega has no translation: its English title, and one warning for what Swedish lacks.
        let warning = try #require(report.warnings.first { $0.message.contains("of language 'sv'") })
        // The collection's label, detail label and five field labels, Omega's title and Alpha's note.
        #expect(warning.message.hasPrefix("9 texts of language 'sv' fall back to the default language"))
    }

    /// `--max-files` counts every language's files: exactly as many passes; one fewer fails, naming the other
    /// language's files, and leaves the output as it was, though it fails once the default's are written.
    @Test func theFileLimitCountsEveryLanguage() throws {
        let (root, _) = try build(["names.sv.tsv": "key\ttitle\na\tÅlfa\n"])
        defer { removeTemporary(root) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/Output").filter {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/Output/" + $0, isDirectory: &isFolder)
            return !isFolder.boolValue && !$0.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        #expect(files.contains { $0.hasPrefix("sv/") })
        func rebuild(limit: Int) throws {
            _ = try Builder().build(
                BuildOptions(
                    content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output",
                    clean: true, maxFiles: limit))
        }
        try rebuild(limit: files.count)
        let before = try contents(root + "/Output")
        #expect(throws: (any Error).self) { try rebuild(limit: files.count - 1) }
        do {
            try rebuild(limit: files.count - 1)
        } catch {
            #expect(
                "\(error)".contains("the site would be \(files.count) files, more than the \(files.count - 1) allowed"))
            #expect("\(error)".contains("sv/ search files"), "\(error)")
        }
        #expect(try contents(root + "/Output") == before)
    }

    /// A collection's description in link previews has a form per language, with the collection's fields in
    /// braces; one a language lacks is the default's, listed as missing; a field it names must be declared.
    @Test func aDescriptionHasTheLanguagesWords() throws {
        let yaml = Self.twoLanguages.replacingOccurrences(
            of: "title: Test Site\n", with: "title: Test Site\nurl: https://example.org/\n"
        )
        .replacingOccurrences(
            of: "translations: {", with: "description: \"{name}, capital {capital}.\", translations: {")
        let swedish = "collections:\n  records:\n    description: \"{name}, huvudstad {capital}.\"\n"
        let records = #"[{"id":"a","name":"Alpha","capital":"Ay"},{"id":"b","name":"Beta","capital":"Bee"}]"#
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        writeContent(root + "/Content", records: records, siteYAML: yaml)
        try FileManager.default.createDirectory(atPath: root + "/Content/languages", withIntermediateDirectories: true)
        try "key\ttitle\na\tÅlfa\n".write(toFile: root + "/Content/names.sv.tsv", atomically: true, encoding: .utf8)
        let options = BuildOptions(
            content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output")
        let missing = try Builder().missingTranslations(options)
        #expect(missing.first { $0.language == "sv" }?.missing.contains("collections.records.description") == true)
        try swedish.write(toFile: root + "/Content/languages/sv.yml", atomically: true, encoding: .utf8)
        _ = try Builder().build(options)
        #expect(try readText(root + "/Output/things/a.html").contains(#"content="Alpha, capital Ay.""#))
        #expect(try readText(root + "/Output/sv/things/a.html").contains(#"content="Ålfa, huvudstad Ay.""#))
        let after = try Builder().missingTranslations(options)
        #expect(after.first { $0.language == "sv" }?.missing.contains("collections.records.description") == false)
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: yaml,
            files: [
                "names.sv.tsv": "key\ttitle\n",
                "languages/sv.yml": "collections:\n  records:\n    description: \"{name}, {capitol}.\"\n",
            ],
            mentions: ["languages/sv.yml:3:18: error: field 'collections.records.description'"])
    }

    @Test func theMissingTranslationsAreListed() throws {
        let (root, _) = try build(["names.sv.tsv": "key\ttitle\na\tÅlfa\n"])
        defer { removeTemporary(root) }
        let missing = try Builder().missingTranslations(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        let swedish = try #require(missing.first { $0.language == "sv" }).missing
        #expect(swedish.contains("title") && swedish.contains("records: title of 'b'"))
        #expect(swedish.contains("search.scopes.name") && !swedish.contains("records: title of 'a'"))
        // Built-in strings come translated: only what site.yml set itself is missing.
        #expect(!swedish.contains("strings.home"))
    }

    @Test func aTranslationOfNoRecordIsAWarningAtItsLine() throws {
        let (root, report) = try build(["names.sv.tsv": "key\ttitle\na\tÅlfa\nzz\tNobody\n"])
        defer { removeTemporary(root) }
        #expect(
            report.warnings.contains {
                "\($0)".contains("names.sv.tsv:3: warning: record 'zz', field 'key': 'zz' names no record of 'records'")
            })
    }

    @Test func aKeyTranslatedTwiceIsAnError() throws {
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.twoLanguages, files: ["names.sv.tsv": "key\ttitle\na\tÅlfa\na\tAlfa\n"],
            mentions: [
                "names.sv.tsv:3: error: record 'a', field 'key': the key 'a' is translated twice (first at line 2)"
            ])
    }

    @Test func aLanguageIdThatIsAPagesFolderIsAnErrorNamingBoth() throws {
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.twoLanguages.replacingOccurrences(
                of: "{ id: sv, locale: sv", with: "{ id: things, locale: sv"
            )
            .replacingOccurrences(of: "translations: { sv: names.sv.tsv }", with: "translations: {}"),
            mentions: ["collection 'records'", "writes its pages to 'things', which language 'things' already uses"])
    }

    /// A language's folder beside the search index's: an error, as a collection's would be.
    @Test func aLanguageIdThatIsAFolderOfTheSiteIsAnError() throws {
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.twoLanguages.replacingOccurrences(
                of: "{ id: sv, locale: sv", with: "{ id: search, locale: sv"
            )
            .replacingOccurrences(of: "translations: { sv: names.sv.tsv }", with: "translations: {}"),
            mentions: ["language 'search'", "writes its pages to 'search', which the search index already uses"])
    }

    @Test func anUnknownKeyOfALanguageFileSuggestsTheNearest() throws {
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.twoLanguages,
            files: [
                "names.sv.tsv": "key\ttitle\n",
                "languages/sv.yml": "titel: Testsajt\nrecords:\n  label: Poster\n  fields: { capitol: Huvudstad }\n",
            ],
            mentions: [
                "languages/sv.yml:1:1: error: field 'titel': unknown key 'titel'; did you mean 'title'?",
                "languages/sv.yml:2:1: error: field 'records': unknown key 'records'; expected one of 'title',"
                    + " 'description', 'strings', 'credit', 'collections', 'search'",
            ])
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.twoLanguages,
            files: [
                "names.sv.tsv": "key\ttitle\n",
                "languages/sv.yml": "collections:\n  records:\n    fields: { capitol: Huvudstad }\n",
            ],
            mentions: [
                "languages/sv.yml:3:15: error: field 'collections.records.fields.capitol': unknown key 'capitol';"
                    + " did you mean 'capital'?"
            ])
    }

    @Test func titlesOfALanguageTheSiteDoesNotListAreAnError() throws {
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.twoLanguages.replacingOccurrences(of: "{ sv: names.sv.tsv }", with: "{ sw: names.sv.tsv }"),
            mentions: ["names no language of `languages:` but the default: 'sw'; did you mean 'sv'?"])
    }

    @Test func aLocaleThatIsNotTheFirstLanguagesIsAnError() throws {
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: "locale: de\n" + Self.twoLanguages,
            mentions: ["the site's locale is its first language's ('en'), not 'de'; remove `locale`"])
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.twoLanguages.replacingOccurrences(of: "locale: sv", with: "locale: svx"),
            mentions: ["field 'languages[1].locale': unknown locale 'svx'"])
    }

    /// A counted string may give a form per plural category; its language's rules choose one.
    @Test func aCountedStringTakesTheFormOfItsNumbersCategory() throws {
        let yaml =
            Self.twoLanguages + """

                strings:
                  section_count: { one: "{count} thing", other: "{count} things" }
                """
        let (root, _) = try build(
            [
                "names.sv.tsv": "key\ttitle\n",
                "languages/sv.yml": "strings:\n  see_all: { one: \"En\", other: \"Alla {count}\" }\n",
            ],
            yaml: yaml)
        defer { removeTemporary(root) }
        let site = try SiteModeler().model(ContentLoader(folder: root + "/Content").load())
        let values = SiteValues(site: site)
        #expect(values.countText("section_count", 1) == "1 thing" && values.countText("section_count", 3) == "3 things")
        let content = try ContentLoader(folder: root + "/Content").load()
        let swedish = SiteValues(site: try SiteModeler().model(LanguageEdition(of: content, language: 1).content))
        #expect(swedish.countText("see_all", 1) == "En" && swedish.countText("see_all", 2_000) == "Alla 2\u{A0}000")
        // The default's forms, where Swedish gives none.
        #expect(swedish.countText("section_count", 1) == "1 thing")
    }

    @Test func pluralFormsNeedOtherAndKnownCategories() throws {
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: testSiteYAML
                + "\nstrings:\n  value_count: { one: \"{count} value\", plural: \"{count} values\" }\n",
            mentions: [
                "field 'strings.value_count.plural': unknown key 'plural'; expected one of 'zero', 'one', 'two', 'few',"
                    + " 'many', 'other' (CLDR's plural categories)",
                "field 'strings.value_count': the forms of a counted text need 'other'",
            ])
    }
}
