import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// site.yml is checked key by key: a key the schema does not know is an error that suggests the nearest
/// known key, the loader reads exactly the schema's keys, and the table of docs/site-yml.md is the schema.
@Suite struct SiteSchemaTests {
    func problems(_ yaml: String) -> [String] {
        SiteConfigLoader(file: "site.yml").load(text: yaml).1.map(\.description)
    }

    @Test func aTypoIsAnErrorThatSuggestsTheKeyMeant() {
        let typo = testSiteYAML.replacingOccurrences(of: "search:", with: "serach:")
        let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: typo)
        #expect(config == nil, "an unknown key stops the build")
        let line =
            testSiteYAML.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("search:") }! + 1
        #expect(
            diagnostics.map(\.description).contains(
                "site.yml:\(line):1: error: field 'serach': unknown key 'serach'; did you mean 'search'?"))
    }

    @Test func typosAtEveryLevelNameTheirPlace() {
        let yaml =
            testSiteYAML
            .replacingOccurrences(of: "search:\n", with: "search:\n  shard_budjet: 2048\n")
            .replacingOccurrences(of: "{ id: name, label: Name, fields: [name] }", with: "{ id: name, lable: Name }")
            .replacingOccurrences(of: "detail_label:", with: "detail_lable:")
            .replacingOccurrences(of: "title: Test", with: "title: Test\ncolour: blue")
        let lines = problems(yaml)
        #expect(
            lines.contains {
                $0.contains("field 'search.shard_budjet'") && $0.hasSuffix("did you mean 'shard_budget'?")
            })
        #expect(
            lines.contains { $0.contains("field 'search.scopes[0].lable'") && $0.hasSuffix("did you mean 'label'?") })
        #expect(
            lines.contains { $0.contains("field 'index.detail_lable'") && $0.hasSuffix("did you mean 'detail_label'?") }
        )
        #expect(lines.contains { $0.contains("field 'colour'") && $0.contains("expected one of 'title', 'locale'") })
        #expect(
            lines.allSatisfy { $0.hasPrefix("site.yml:") && $0.split(separator: ":").count > 3 },
            "every line has a line and column")
    }

    @Test func aFieldsKeyTypoInAFlowMappingHasItsColumn() throws {
        let yaml = testSiteYAML.replacingOccurrences(of: "format: list", with: "formt: list")
        let line = try #require(problems(yaml).first { $0.contains("formt") })
        #expect(line.contains("did you mean 'format'?"))
        let row =
            testSiteYAML.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("format: list")
            }! + 1
        let column = try #require(
            testSiteYAML.split(separator: "\n", omittingEmptySubsequences: false)[row - 1].range(of: "format: list"))
        let offset = testSiteYAML.split(separator: "\n", omittingEmptySubsequences: false)[row - 1]
            .distance(
                from: testSiteYAML.split(separator: "\n", omittingEmptySubsequences: false)[row - 1].startIndex,
                to: column.lowerBound)
        #expect(line.hasPrefix("site.yml:\(row):\(offset + 1): "))
    }

    @Test func aValueOfTheWrongKindNamesTheKindExpected() {
        #expect(
            problems(testSiteYAML.replacingOccurrences(of: "search:", with: "search: 5\nunused:")).contains {
                $0.contains("unknown key 'unused'")
            })
        let wrong = testSiteYAML.replacingOccurrences(of: "detail_label: \"Pop:\"", with: "detail_label: [a, b]")
        #expect(problems(wrong).contains { $0.contains("index.detail_label") && $0.contains("expected a text value") })
        let budget = testSiteYAML.replacingOccurrences(of: "search:\n", with: "search:\n  shard_budget: big\n")
        #expect(
            problems(budget).contains { $0.contains("search.shard_budget") && $0.contains("expected a whole number") })
    }

    @Test func editDistanceCountsTranspositionsAsOne() {
        #expect(EditDistance.between("serach", "search") == 1)
        #expect(EditDistance.between("shard_budjet", "shard_budget") == 1)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("kitten", "sitting") == 3)
    }

    /// A site.yml with every key of the schema that the form holds, each once, with a value it accepts:
    /// the short form (`records`, `fields`, `index`) or the collections form.
    static func everyKeyYAML(collections: Bool) -> String {
        let values: [String: String] = [
            "records.file": "r.sqlite", "records.query": "select 1", "records.key": "id", "records.title": "name",
            "records.pages": "p", "records.notes": "n", "index.subtitle": "name", "index.detail": "population",
            "collections[].id": "c", "collections[].file": "r.sqlite", "collections[].query": "select 1",
            "collections[].key": "id", "collections[].title": "name", "collections[].pages": "p",
            "collections[].notes": "n", "collections[].index.subtitle": "name",
            "collections[].index.detail": "population", "collections[].lists[].id": "l",
            "collections[].lists[].from": "c", "collections[].lists[].via": "population",
            "collections[].lists[].sort": "name", "collections[].lists[].order": "descending",
            "collections[].groups[].field": "other", "search.scopes[].id": "s", "search.scopes[].fields": "[name]",
            "search.scopes[].collection": collections ? "c" : "records",
            "credit.url": "https://example.org/", "search.shard_budget": "2048", "search.max_length": "500",
            "locale": "de", "url": "https://example.org/facts", "records.description": "name",
            "collections[].description": "\"{name} has {population}.\"",
            "records.aliases": "other", "collections[].aliases": "other", "records.downloads": "[csv, json]",
            "collections[].downloads": "[json]", "records.only.field": "size", "collections[].only.field": "size",
            "records.rank.field": "size", "collections[].rank.field": "size", "records.rank.order": "ascending",
            "collections[].rank.order": "descending", "search.mode": "on_submit",
            // A filter names a group (the short form has none); a full-text scope offers none.
            "search.scopes[].filters": collections ? "[other]" : "[]", "search.scopes[].note": "false",
            // One language, the default, whose locale is the site's.
            "languages[].id": "de", "languages[].locale": "de", "languages[].label": "Deutsch",
            "records.languages": "all", "collections[].languages": "default",
            "records.note_languages": "default", "collections[].note_languages": "all",
            "records.key_format": "region", "collections[].key_format": "language",
            "collections[].groups[].title": "\"Block {value}\"",
            // The index by a number, in its ranges.
            "index.sort": "size", "collections[].index.sort": "size", "index.order": "descending",
            "collections[].index.order": "ascending", "index.sections[].label": "Small",
            "collections[].index.sections[].label": "Small", "index.sections[].to": "10",
            "collections[].index.sections[].to": "10",
            // A map marks a coordinates field (the extra field below), highlights the key's country, and
            // has the list's records as dots.
            "records.map.coordinates": "at", "collections[].map.coordinates": "at", "records.map.region": "key",
            "collections[].map.region": "other", "collections[].map.dots": "l",
            // A chart of the list by the one collection's number field; a group's chart by it too.
            "collections[].charts[].list": "l", "collections[].charts[].value": "size",
            "collections[].groups[].chart.value": "size",
        ]
        func value(_ key: SiteSchema.Key) -> String {
            if let value = values[key.path] { return value }
            if key.path.hasSuffix("fields[].id") { return "population" }
            if key.path.hasSuffix("fields[].format") { return "links" }
            if key.path.hasSuffix("fields[].items") { return "text" }
            if key.path.hasSuffix("fields[].collection") { return collections ? "c" : "records" }
            if key.path.hasSuffix("fields[].fallback") { return "other" }
            switch key.kind {
            case .text: return "x"
            case .wholeNumber: return "3"
            case .number: return "0.5"
            case .flag: return "true"
            case .texts: return "[name]"
            case .namedFields: return "{ alternateName: name, containedInPlace: population }"
            // Only a language other than the default has titles, and this site has none.
            case .byLanguage: return "{}"
            // The field holds links, whose items are no codes to name.
            case .namedTexts: return "{}"
            case .mapping, .listOfMappings, .flagOrMapping: return ""
            }
        }
        let left = collections ? ["records", "fields", "index"] : ["collections"]
        func lines(under path: String, indent: String) -> [String] {
            // A coordinates field's and a computed field's own keys are the extra fields' below.
            // A number's units are the number field's below too.
            let own =
                path.hasSuffix("fields[]") ? ["latitude", "longitude", "compute", "unit_field", "also"] : []
            return SiteSchema.names(under: path).filter { !(path.isEmpty && left.contains($0)) && !own.contains($0) }
                .flatMap { name -> [String] in
                    let full = path.isEmpty ? name : path + "." + name
                    let key = SiteSchema.byPath[full]!
                    switch key.kind {
                    case .mapping, .flagOrMapping:
                        return ["\(indent)\(name):"] + lines(under: full, indent: indent + "  ")
                    case .listOfMappings:
                        let items = lines(under: full + "[]", indent: indent + "    ")
                        // A second, plain field for the first to fall back on and to group by, and a number;
                        // a last range, which has no bound.
                        let other =
                            name == "fields"
                            ? [
                                indent + "  - id: other",
                                indent + "  - { id: size, format: integer, unit_field: other,"
                                    + " also: { unit: m, factor: 0.5, digits: 1 } }",
                                indent + "  - { id: at, format: coordinates, latitude: size, longitude: size }",
                                indent + "  - { id: twice, compute: size * 2 }",
                            ]
                            : name == "sections" ? [indent + "  - { label: Large }"] : []
                        return ["\(indent)\(name):", indent + "  - " + items[0].dropFirst(indent.count + 4)]
                            + items.dropFirst() + other
                    default: return ["\(indent)\(name): \(value(key))"]
                    }
                }
        }
        return lines(under: "", indent: "").joined(separator: "\n") + "\n"
    }

    @Test func theLoaderReadsExactlyTheSchemasKeys() {
        var keysRead = Set<String>()
        for form in [false, true] {
            let yaml = Self.everyKeyYAML(collections: form)
            let read = SiteConfigLoader(file: "site.yml").read(text: yaml)
            #expect(read.diagnostics.isEmpty, "\(read.diagnostics)\n\(yaml)")
            #expect(read.config != nil)
            keysRead.formUnion(read.keysRead)
        }
        // Every key is in one of the files, so the loader asks for each key it knows: they are the schema's.
        let schema = Set(SiteSchema.keys.map(\.path))
        #expect(
            keysRead == schema,
            "read only: \(keysRead.subtracting(schema)); never read: \(schema.subtracting(keysRead))")
    }

    /// The table of site.yml keys in docs/site-yml.md, between its markers, is the schema, row for row.
    @Test func theDocumentedTableIsTheSchema() throws {
        let readme = try String(contentsOfFile: repoPath("docs/site-yml.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- site.yml keys: generated from SiteSchema.keys -->\n"))
        let end = try #require(
            readme.range(of: "<!-- end of site.yml keys -->", range: start.upperBound..<readme.endIndex))
        let table = String(readme[start.upperBound..<end.lowerBound])
        #expect(
            table == SiteSchema.markdownTable(), "docs/site-yml.md's table should read:\n\(SiteSchema.markdownTable())")
    }
}
