import CSQLite
import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// Each records format, read through `ContentLoader` from real files, gives the records the JSON form of
/// the same data gives; and each bad input is an error at its file, line and column.
@Suite struct RecordSourcesTests {
    /// A content folder whose site.yml reads `file` (with `query` for a database).
    func load(_ file: String, _ bytes: String?, query: String? = nil, fields: Bool = true) throws(StageFailure)
        -> Content
    {
        let folder = makeTemporaryFolder("sources")
        let yaml = (fields ? testSiteYAML : minimalSiteYAML).replacingOccurrences(
            of: "records: { file: records.json,",
            with: "records: { file: \(file),\(query.map { " query: \"\($0)\"," } ?? "")"
        )
        .replacingOccurrences(
            of: "- { id: tags, label: Tags, format: list }",
            with: "- { id: tags, label: Tags, format: list, separator: \"|\" }")
        try! yaml.write(toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
        if let bytes { try! bytes.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8) }
        return try ContentLoader(folder: folder).load()
    }

    func problems(_ file: String, _ bytes: String, query: String? = nil, fields: Bool = false) -> [String] {
        do {
            _ = try load(file, bytes, query: query, fields: fields)
            return []
        } catch { return error.diagnostics.map(\.description) }
    }

    static let json = """
        [{"id": "a", "name": "Alpha", "capital": "A-town", "population": 12, "area": 1.5, "tags": ["x", "y"]},
         {"id": "b", "name": "Béta, \\"the second\\"", "population": 0, "next_to": ["a"]}]
        """

    var expected: [Record] { get throws { try load("records.json", Self.json).only.records } }

    @Test func jsonLinesGiveTheSameRecords() throws {
        let lines = """
            {"id": "a", "name": "Alpha", "capital": "A-town", "population": 12, "area": 1.5, "tags": ["x", "y"]}

            {"id": "b", "name": "Béta, \\"the second\\"", "population": 0, "next_to": ["a"]}
            """
        #expect(try load("records.jsonl", lines).only.records.map(\.values) == expected.map(\.values))
        #expect(try load("records.ndjson", lines).only.records.map(\.line) == [1, 3])
    }

    @Test func csvAndTSVGiveTheSameRecords() throws {
        let csv =
            "\u{FEFF}id,name,capital,population,area,tags,next_to\r\n"
            + "a,Alpha,A-town,12,1.5,x|y,\r\n" + "b,\"Béta, \"\"the second\"\"\",,0,,,a\r\n"
        #expect(try load("records.csv", csv).only.records.map(\.values) == expected.map(\.values))
        #expect(try load("records.csv", csv).only.records.map(\.title) == expected.map(\.title))
        let tsv =
            "id\tname\tcapital\tpopulation\tarea\ttags\tnext_to\n" + "a\tAlpha\tA-town\t12\t1.5\tx | y\t\n"
            + "b\t\"Béta, \"\"the second\"\"\"\t\t0\t\t\ta\n"
        #expect(try load("records.tsv", tsv).only.records.map(\.values) == expected.map(\.values))
        // A quoted cell may hold a line break; the next record's line is still right.
        let multiline = "id,name\n\"a\",\"Al\npha\"\nb,Beta\n"
        #expect(try load("records.csv", multiline, fields: false).only.records.map(\.line) == [2, 4])
    }

    @Test func badCSVIsAnErrorAtItsLineAndColumn() {
        #expect(
            problems("records.csv", "id,name\na,\"Alpha\n").contains {
                $0.contains("records.csv:2:3") && $0.contains("never closed")
            })
        #expect(
            problems("records.csv", "id,name\na,Al\"pha\n").contains {
                $0.contains("records.csv:2:5") && $0.contains("unquoted")
            })
        #expect(
            problems("records.csv", "id,name\na,\"Al\"pha\n").contains {
                $0.contains("records.csv:2:7") && $0.contains("after a quoted cell")
            })
        #expect(
            problems("records.csv", "id,name\na,Alpha,extra\n").contains {
                $0.contains("records.csv:2:") && $0.contains("expected 2 cells")
            })
        #expect(
            problems("records.csv", "id,name\na\n").contains {
                $0.contains("expected 2 cells, as the header names, found 1")
            })
        let typed = problems(
            "records.csv", "id,name,capital,population,area,tags,next_to\na,Alpha,,many,,,\n", fields: true)
        #expect(
            typed.contains {
                $0.contains("records.csv:2:10") && $0.contains("population") && $0.contains("expected a whole number")
            })
        #expect(problems("records.tsv", "id\tid\n").contains { $0.contains("named twice") })
        #expect(problems("records.csv", "").contains { $0.contains("header row") })
    }

    @Test func badJSONLinesAreAnErrorAtTheirLine() {
        let found = problems("records.jsonl", "{\"id\": \"a\", \"name\": \"A\"}\n{\"id\": \"b\", \"name\": }\n")
        #expect(found.contains { $0.contains("records.jsonl:2:") && $0.contains("malformed JSON") })
    }

    /// A real database, made here with libsqlite3, read through a query.
    func database(_ statements: String) -> String {
        let folder = makeTemporaryFolder("sqlite")
        let path = folder + "/records.sqlite"
        var database: OpaquePointer?
        sqlite3_open(path, &database)
        #expect(sqlite3_exec(database, statements, nil, nil, nil) == SQLITE_OK)
        sqlite3_close(database)
        return path
    }

    @Test func sqliteGivesTheSameRecords() throws {
        let path = database(
            """
            CREATE TABLE places (code TEXT PRIMARY KEY, label TEXT, capital TEXT, people INTEGER, area REAL,
                                 tags TEXT, near TEXT);
            INSERT INTO places VALUES ('a', 'Alpha', 'A-town', 12, 1.5, 'x|y', NULL);
            INSERT INTO places VALUES ('b', 'Béta, "the second"', NULL, 0, NULL, NULL, 'a');
            """)
        let query =
            "SELECT code AS id, label AS name, capital, people AS population, area, tags, near AS next_to"
            + " FROM places ORDER BY code"
        let folder = (path as NSString).deletingLastPathComponent
        let yaml = testSiteYAML.replacingOccurrences(
            of: "records: { file: records.json,", with: "records: { file: records.sqlite, query: \"\(query)\","
        )
        .replacingOccurrences(
            of: "- { id: tags, label: Tags, format: list }",
            with: "- { id: tags, label: Tags, format: list, separator: \"|\" }")
        try yaml.write(toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
        let content = try ContentLoader(folder: folder).load()
        #expect(content.only.records.map(\.values) == (try expected).map(\.values))
        #expect(content.only.records.map(\.line) == [1, 2])
    }

    @Test func aFileThatIsNoDatabaseAndAFailingQueryAreErrorsWithTheQuery() {
        let notADatabase = problems("records.sqlite", "this is text, not SQLite\n", query: "SELECT * FROM places")
        #expect(
            notADatabase.contains {
                $0.contains("records.sqlite") && $0.contains("not a database") && $0.contains("SELECT * FROM places")
            })
        let path = database("CREATE TABLE places (id TEXT, name TEXT);")
        let folder = (path as NSString).deletingLastPathComponent
        let yaml = testSiteYAML.replacingOccurrences(
            of: "records: { file: records.json,",
            with: "records: { file: records.sqlite, query: \"SELECT * FROM nowhere\",")
        try! yaml.write(toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
        do {
            _ = try ContentLoader(folder: folder).load()
            Issue.record("a failing query must fail the load")
        } catch {
            #expect(
                error.diagnostics.contains {
                    $0.description.contains("no such table: nowhere")
                        && $0.description.contains("SELECT * FROM nowhere")
                })
        }
        #expect(problems("records.json", "[]", query: "SELECT 1").contains { $0.contains("only a SQLite file") })
        #expect(problems("records.xml", "<a/>").contains { $0.contains("cannot tell how to read") })
    }

    /// A declared name that no column has is one error, naming the field, the file, the columns found and
    /// the nearest one; a header cell with a control character or whitespace around it says so; a number
    /// where a text is declared and a BLOB are refused in SQLite as in JSON.
    @Test func columnsAreCheckedAgainstTheDeclaration() throws {
        let typo = problems("records.csv", "id,name,parnet\na,Alpha,x\nb,Beta,y\n", fields: false)
        #expect(typo.isEmpty)  // nothing declared reads it: `--stats` lists it
        let undeclared = try load("records.csv", "id,name,parnet,x\na,Alpha,x,1\n", fields: false)
        #expect(undeclared.collections[0].undeclaredColumns == ["parnet", "x"])
        let parent = minimalSiteYAML.replacingOccurrences(
            of: "records: { file: records.json, key: id, title: name, pages: things }",
            with: "records: { file: records.csv, key: id, title: name, pages: things }"
        ).replacingOccurrences(
            of: "format: text, show: false }",
            with: "format: text, show: false }\n  - { id: parent, label: Parent, format: text }")
        let folder = makeTemporaryFolder("columns")
        defer { removeTemporary(folder) }
        func failure(_ yaml: String, _ file: String, _ bytes: String) -> [String] {
            try! yaml.write(toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
            try! bytes.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
            do {
                _ = try ContentLoader(folder: folder).load()
                return []
            } catch { return error.diagnostics.map(\.description) }
        }
        #expect(
            failure(parent, "records.csv", "id,name,parnet\na,Alpha,x\nb,Beta,y\n") == [
                folder + "/records.csv:1: error: field 'parent': no column is named 'parent'; the header has 'id',"
                    + " 'name', 'parnet'; did you mean 'parnet'?"
            ])
        #expect(
            failure(parent, "records.csv", "id,name,parent\r\r\na,Alpha,x\n")
                == [
                    folder
                        + "/records.csv:1:9: error: stray carriage return in the header cell \"parent\\r\":"
                        + " the file mixes line endings"
                ])
        #expect(
            failure(parent, "records.csv", "id, name,parent\na,Alpha,x\n").first?.contains(
                "whitespace around the header cell \" name\"") == true)
        // JSON: a near member is a typo, an error; a member no record has is a warning.
        let json = parent.replacingOccurrences(of: "records.csv", with: "records.json")
        #expect(
            failure(json, "records.json", #"[{"id":"a","name":"A","parnet":"x"}]"#) == [
                folder + "/records.json:1: error: field 'parent': no column is named 'parent'; the records have"
                    + " 'id', 'name', 'parnet'; did you mean 'parnet'?"
            ])
        try! #"[{"id":"a","name":"A"}]"#.write(toFile: folder + "/records.json", atomically: true, encoding: .utf8)
        let loaded = try ContentLoader(folder: folder).load()
        #expect(
            loaded.warnings.map(\.description) == [
                folder
                    + "/records.json:1: warning: field 'parent': no record has this member; the records have"
                    + " 'id', 'name'"
            ])
    }

    @Test func sqliteColumnsAndTypesFollowTheDeclaration() throws {
        let path = database(
            """
            CREATE TABLE places (code TEXT, label TEXT, parent TEXT, n INTEGER, data BLOB);
            INSERT INTO places VALUES ('a', 'Alpha', 'p', 7, x'00ff');
            INSERT INTO places VALUES ('b', 'Beta', 'p', 8, NULL);
            INSERT INTO places VALUES ('c', 'Gamma', 'p', 9, NULL);
            """)
        let folder = (path as NSString).deletingLastPathComponent
        func failure(_ query: String, _ field: String = "parent") -> [String] {
            let yaml = minimalSiteYAML.replacingOccurrences(
                of: "records: { file: records.json, key: id, title: name, pages: things }",
                with: "records: { file: records.sqlite, query: \"\(query)\", key: id, title: name, pages: things }"
            ).replacingOccurrences(
                of: "  - { id: name, label: Name, format: text, show: false }",
                with: "  - { id: \(field), label: Field, format: text }")
            try! yaml.write(toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
            do {
                _ = try ContentLoader(folder: folder).load()
                return []
            } catch { return error.diagnostics.map(\.description) }
        }
        // A column the query does not give: one error, not one per row.
        #expect(
            failure("SELECT code AS id, label AS name FROM places") == [
                folder + "/records.sqlite: error: field 'parent': no column is named 'parent'; the query gives 'id',"
                    + " 'name'"
            ])
        // An INTEGER where a text is declared (a group page "7"), and a BLOB anywhere.
        let integer = failure("SELECT code AS id, label AS name, n AS parent FROM places")
        #expect(integer.count == 3)
        #expect(
            integer.first?.hasSuffix(
                "expected a text (declare the field `integer` or `decimal` to take a number), found the number 7")
                == true)
        let blob = failure("SELECT code AS id, data AS name FROM places WHERE code = 'a'", "id")
        #expect(blob.contains { $0.contains("field 'name': expected a non-empty text, found a blob") }, "\(blob)")
    }

    /// A large CSV or TSV is read in parts on every core; the records, lines and problems are those that
    /// reading it in order gives, with quoted line breaks, blank lines and doubled quotes anywhere.
    @Test(arguments: [",", "\t"]) func partsGiveWhatReadingInOrderGives(separator: String) throws {
        var text = ["id", "name", "population", "tags"].joined(separator: separator) + "\n"
        for n in 0..<20_000 {
            let name = n % 7 == 0 ? "\"Name \(n),\nwith \"\"quotes\"\"\"" : "Name \(n)"
            text += ["k\(n)", name, n % 11 == 0 ? "" : String(n), "a|b"].joined(separator: separator) + "\n"
            if n % 13 == 0 { text += "\n" }
        }
        let config = testConfig().only
        let loader = RecordsLoader(collection: config, file: "r")
        let source = DelimitedSource(
            bytes: Array(text.utf8), separator: UInt8(ascii: separator == "," ? "," : "\t"), type: loader.cellTyper())
        let (header, rows) = try source.header()
        #expect(source.parts(of: rows, count: 64).count > 32)
        _ = header
        let inParts = loader.load(delimited: source)
        let inOrder = loader.load(from: source)
        #expect(inParts.0.count == 20_000)
        #expect(inParts.0 == inOrder.0)
        #expect(inParts.1.map(\.description) == inOrder.1.map(\.description))
        // A problem in one part is reported as reading in order reports it.
        let broken = DelimitedSource(
            bytes: Array((text + "k_last\(separator)\"unclosed\n").utf8), separator: source.separator,
            type: loader.cellTyper())
        #expect(loader.load(delimited: broken).1.map(\.description) == loader.load(from: broken).1.map(\.description))
        #expect(loader.load(delimited: broken).1.contains { $0.description.contains("never closed") })
    }
}
