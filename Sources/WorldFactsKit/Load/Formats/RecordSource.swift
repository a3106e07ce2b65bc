import WorldFactsSupport

/// One way of reading records: each record, in file order, as an object node whose members carry their
/// line and column. Formats without types (CSV, TSV, text columns of SQLite) type each value through
/// `CellTyper`, by the schema; `RecordsLoader` validates every record the same way, whatever its format.
protocol RecordSource {
    /// Calls `body` with each record; gives the number of records, or throws at the first malformed place.
    func forEachRecord(_ body: (JSONNode) -> Void) throws(SourceError) -> Int
}

/// A malformed records file: where, and what was expected.
struct SourceError: Error {
    var line: Int?
    var column: Int?
    var message: String
}

/// Types a text value by the schema: what an untyped cell named `column` holds.
typealias CellTyper = @Sendable (_ column: String, _ text: String, _ line: Int, _ column: Int) -> JSONNode.Value
