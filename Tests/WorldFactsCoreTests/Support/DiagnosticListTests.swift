import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// What a person reads of many diagnostics: file order, the same problem counted past its first ten,
/// at most `--max-errors` errors, and a total.
@Suite struct DiagnosticListTests {
    func missing(_ row: Int) -> Diagnostic {
        .error(
            SourceLocation(file: "cities.sqlite", line: row, column: 1), record: "at line \(row)", field: "parent",
            "missing required field")
    }

    /// A message names the first five of many values, then says there are more.
    @Test func aMessageNamesTheFirstFewValues() {
        let values = (1...7).map { "v\($0)" }
        #expect(Diagnostic.firstFew([]) == "")
        #expect(Diagnostic.firstFew(["ISL"]) == "'ISL'")
        #expect(Diagnostic.firstFew(Array(values.prefix(5))) == "'v1', 'v2', 'v3', 'v4', 'v5'")
        #expect(Diagnostic.firstFew(values) == "'v1', 'v2', 'v3', 'v4', 'v5', …")
        #expect(Diagnostic.firstFew(values, shown: 2) == "'v1', 'v2', …")
    }

    @Test func theSameErrorOnEveryRowShowsTenThenACount() {
        let list = DiagnosticList((1...5_127).reversed().map(missing))
        let lines = list.lines
        #expect(lines.count == 12)
        #expect(lines[0] == "cities.sqlite:1:1: error: record 'at line 1', field 'parent': missing required field")
        #expect(lines[9].hasPrefix("cities.sqlite:10:1: error:"))
        #expect(lines[10] == "cities.sqlite: error: and 5,117 more like it: field 'parent': missing required field")
        #expect(lines[11] == "5,127 errors")
    }

    @Test func valuesInAMessageDoNotMakeItAnotherProblem() {
        let wrong = (1...30).map { row in
            Diagnostic.error(
                SourceLocation(file: "c.csv", line: row + 1, column: 4), record: "K\(row)", field: "population",
                "expected a whole number of at least 0, found the text \"x\(row)\"")
        }
        let lines = DiagnosticList(wrong).lines
        #expect(lines.count == 12)
        #expect(
            lines[10]
                == "c.csv: error: and 20 more like it: field 'population': expected a whole number of at least N,"
                + " found the text \"…\"")
    }

    @Test func warningsComeInFileAndLineOrderWithTheirColumns() {
        let warnings = [
            Diagnostic.warning(SourceLocation(file: "b.json", line: 3, column: 7), "link to a missing record"),
            Diagnostic.warning(SourceLocation(file: "a.json", line: 9, column: 2), "link to a missing record 'X'"),
            Diagnostic.warning(SourceLocation(file: "a.json", line: 2, column: 5), "note for an unknown record"),
        ]
        #expect(
            DiagnosticList(warnings).lines == [
                "a.json:2:5: warning: note for an unknown record",
                "a.json:9:2: warning: link to a missing record 'X'",
                "b.json:3:7: warning: link to a missing record",
                "3 warnings",
            ])
    }

    @Test func maxErrorsCutsTheListAndSaysHowManyAreLeft() {
        let errors = (1...8).map { (row: Int) in
            Diagnostic.error(SourceLocation(file: "r.json", line: row), "problem number \(row) of its own kind \(row)")
        }
        let mixed = errors + [.warning(SourceLocation(file: "r.json", line: 1), "a warning")]
        let lines = DiagnosticList(mixed, maxErrors: 3).lines
        #expect(lines.filter { $0.contains(": error: ") }.count == 3)
        #expect(lines.contains("r.json:1: warning: a warning"))
        #expect(lines.contains("worldfacts: 5 more errors not shown (--max-errors 3)"))
        #expect(lines.last == "8 errors, 1 warning")
    }

    @Test func countsAreSingularForOne() {
        #expect(Plural.count(1, "record") == "1 record")
        #expect(Plural.count(2, "record") == "2 records")
        #expect(Plural.count(1_234_567, "error") == "1,234,567 errors")
        #expect(Plural.count(1_234, "file", grouped: false) == "1234 files")
        #expect(DiagnosticList([]).lines.isEmpty)
    }
}
