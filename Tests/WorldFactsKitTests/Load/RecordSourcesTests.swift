import CSQLite
import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsSupport

/// Each records format, read through `ContentLoader` from real files, gives the records the JSON form of
/// the same data gives; and each bad input is an error at its file, line and column.
@Suite struct RecordSourcesTests {
    /// A content folder whose site.yml reads `file` (with `query` for a database).
    func load(_ file: String, _ bytes: String?, query: String? = nil) throws(StageFailure) -> Content {
        let folder = makeTemporaryFolder("sources")
        let yaml = testSiteYAML.replacingOccurrences(
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

    func problems(_ file: String, _ bytes: String, query: String? = nil) -> [String] {
        do {
            _ = try load(file, bytes, query: query)
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
        #expect(try load("records.csv", multiline).only.records.map(\.line) == [2, 4])
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
        let typed = problems("records.csv", "id,name,population\na,Alpha,many\n")
        #expect(
            typed.contains {
                $0.contains("records.csv:2:9") && $0.contains("population") && $0.contains("expected a whole number")
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
