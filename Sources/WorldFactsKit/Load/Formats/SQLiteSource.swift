import CSQLite
import WorldFactsSupport

/// `.sqlite` and `.db`: the rows of a query, read through the system's libsqlite3, opened read-only.
/// Each row is a record and each column a member, named as the query names it. Integers and reals keep
/// their type, so validation refuses them where a text is declared, as in JSON; a text is typed by the
/// schema (`CellTyper`), as a CSV cell is; NULL is no value; a BLOB is refused wherever it is. A row's
/// "line" in messages is its number in the query's result (the first row is 1).
struct SQLiteSource: RecordSource {
    let path: String
    let query: String
    let type: CellTyper

    /// Calls `body` with the database, opened read-only, and the query, prepared; both are closed after.
    private func withQuery<Result>(
        _ body: (_ database: OpaquePointer?, _ statement: OpaquePointer) throws(SourceError) -> Result
    ) throws(SourceError) -> Result {
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            throw SourceError(message: "cannot open the database: \(Self.message(database))")
        }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(database, query, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SourceError(message: "the query failed: \(Self.message(database)); the query: \(query)")
        }
        return try body(database, statement)
    }

    /// The names of the query's columns.
    private static func columns(of statement: OpaquePointer) -> [String] {
        (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
    }

    func forEachRecord(_ body: (JSONNode) -> Void) throws(SourceError) -> Int {
        try withQuery { database, statement throws(SourceError) in try read(database, statement, body) }
    }

    private func read(
        _ database: OpaquePointer?, _ statement: OpaquePointer, _ body: (JSONNode) -> Void
    ) throws(SourceError) -> Int {
        let columns = Self.columns(of: statement)
        var seen = Set<String>()
        for name in columns where !seen.insert(name).inserted {
            throw SourceError(message: "the query gives two columns named '\(name)'; name them apart with AS")
        }
        var count = 0
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw SourceError(
                    line: count + 1, message: "the query failed: \(Self.message(database)); the query: \(query)")
            }
            count += 1
            var members: [JSONMember] = []
            members.reserveCapacity(columns.count)
            for (position, name) in columns.enumerated() {
                let column = Int32(position)
                let value: JSONNode.Value
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: value = .integer(Int(sqlite3_column_int64(statement, column)))
                case SQLITE_FLOAT: value = .number(sqlite3_column_double(statement, column))
                case SQLITE_NULL: value = .null
                case SQLITE_TEXT:
                    let text = String(cString: sqlite3_column_text(statement, column))
                    value = text.isEmpty ? .null : type(name, text, count, position + 1)
                default: value = .blob
                }
                members.append(JSONMember(key: name, node: JSONNode(value: value, line: count, column: position + 1)))
            }
            body(JSONNode(value: .object(members), line: count, column: 1))
        }
        return count
    }

    /// The names of the query's columns, without running it.
    func columns() throws(SourceError) -> [String] {
        try withQuery { _, statement throws(SourceError) in Self.columns(of: statement) }
    }

    private static func message(_ database: OpaquePointer?) -> String {
        database.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
    }
}
