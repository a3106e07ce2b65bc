import WorldFactsSupport

/// `.csv` and `.tsv`: a header row naming the columns, then one record per row. Quoting is RFC 4180's:
/// a cell that starts with `"` runs to the next lone `"`, may hold separators and line breaks, and writes
/// `"` as `""`. Rows end with LF or CRLF; a UTF-8 byte order mark is skipped; blank lines are skipped.
/// An empty cell is no value; any other is typed by the schema (`CellTyper`).
struct DelimitedSource: RecordSource {
    let bytes: [UInt8]
    let separator: UInt8
    let type: CellTyper

    private static let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// One cell as read: its text and where it starts.
    struct Cell: Sendable {
        var text: String
        var line: Int
        var column: Int
    }

    func forEachRecord(_ body: (JSONNode) -> Void) throws(SourceError) -> Int {
        let (header, rows) = try self.header()
        return try forEachRecord(in: rows, header: header, body)
    }

    /// What is wrong with a header cell's name, if anything: a control character (a stray carriage return
    /// most often, from a file that mixes line endings) or whitespace around it, either of which would
    /// keep it from being the name site.yml declares.
    static func problem(ofHeaderCell name: String) -> String? {
        let shown = name.unicodeScalars.map {
            $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
        }
        .joined()
        if name.unicodeScalars.contains("\r") {
            return "stray carriage return in the header cell \"\(shown)\": the file mixes line endings"
        }
        if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = String(control.value, radix: 16, uppercase: true)
            return "control character U+\(code) in the header cell \"\(shown)\""
        }
        if name.trimmingWhitespace().utf8.count != name.utf8.count {
            return "whitespace around the header cell \"\(shown)\"; expected a column name as site.yml declares it"
        }
        return nil
    }

    /// Where the rows after the header start, and where they end: a part of the file to read on its own.
    struct Rows: Sendable {
        var index: Int
        var line: Int
        var lineStart: Int
        var end: Int
    }

    /// The header's cells, checked, and the rows after it.
    func header() throws(SourceError) -> ([Cell], Rows) {
        var reader = RowReader(bytes: bytes, separator: separator)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3; reader.lineStart = 3 }
        guard let header = try reader.row() else {
            throw SourceError(
                line: 1, column: 1, message: "the file is empty; expected a header row naming the columns")
        }
        var seen = Set<String>()
        for cell in header {
            if let problem = Self.problem(ofHeaderCell: cell.text) {
                throw SourceError(line: cell.line, column: cell.column, message: problem)
            }
            if !seen.insert(cell.text).inserted {
                throw SourceError(line: cell.line, column: cell.column, message: "column '\(cell.text)' is named twice")
            }
        }
        return (header, Rows(index: reader.index, line: reader.line, lineStart: reader.lineStart, end: bytes.count))
    }

    /// The rows cut into about `count` parts at row boundaries, found by one pass that follows the quoting
    /// as `RowReader` does (a quote opens a quoted cell only at a cell's start).
    func parts(of rows: Rows, count: Int) -> [Rows] {
        let step = max((rows.end - rows.index) / count, 1)
        var parts: [Rows] = []
        var current = rows
        var index = rows.index, line = rows.line
        var quoted = false, atCellStart = true
        var nextCut = rows.index + step
        while index < rows.end {
            let byte = bytes[index]
            if quoted {
                if byte == Self.quote {
                    if index + 1 < rows.end, bytes[index + 1] == Self.quote { index += 2; continue }
                    quoted = false
                } else if byte == Self.newline {
                    line += 1
                }
                index += 1
                continue
            }
            if byte == Self.quote, atCellStart { quoted = true }
            atCellStart = byte == separator || byte == Self.newline
            index += 1
            if byte == Self.newline {
                line += 1
                if index >= nextCut, index < rows.end {
                    current.end = index
                    parts.append(current)
                    current = Rows(index: index, line: line, lineStart: index, end: rows.end)
                    nextCut = index + step
                }
            }
        }
        parts.append(current)
        return parts
    }

    /// Calls `body` with each record of `rows`; gives their number.
    func forEachRecord(in rows: Rows, header: [Cell], _ body: (JSONNode) -> Void) throws(SourceError) -> Int {
        try readRows(in: rows, header: header) { body(node(of: $0, header: header)) }.count
    }

    /// Calls `body` with the cells of each row of `rows`, each row as many as the header names; gives
    /// their number and where the reading stopped: the offset and line after the last row read (a row
    /// that starts before `rows.end` is read to its end, wherever that is).
    func readRows(in rows: Rows, header: [Cell], _ body: ([Cell]) -> Void) throws(SourceError) -> (
        count: Int, index: Int, line: Int
    ) {
        var reader = RowReader(bytes: bytes, separator: separator)
        reader.index = rows.index
        reader.line = rows.line
        reader.lineStart = rows.lineStart
        reader.end = rows.end
        var count = 0
        while let row = try reader.row() {
            guard row.count == header.count else {
                let last = row[min(row.count, header.count) - 1]
                throw SourceError(
                    line: row[0].line, column: row.count > header.count ? row[header.count].column : last.column,
                    message: "expected \(header.count) cells, as the header names, found \(row.count)")
            }
            body(row)
            count += 1
        }
        return (count, reader.index, reader.line)
    }

    /// A row as the object a JSON records file would hold: a member per column, typed by the schema.
    func node(of row: [Cell], header: [Cell]) -> JSONNode {
        var members: [JSONMember] = []
        members.reserveCapacity(row.count)
        for (name, cell) in zip(header, row) {
            let value: JSONNode.Value = cell.text.isEmpty ? .null : type(name.text, cell.text, cell.line, cell.column)
            members.append(
                JSONMember(key: name.text, node: JSONNode(value: value, line: cell.line, column: cell.column)))
        }
        return JSONNode(value: .object(members), line: row[0].line, column: 1)
    }

    /// Reads rows of cells, keeping lines and columns.
    struct RowReader {
        let bytes: [UInt8]
        let separator: UInt8
        var index = 0
        var line = 1
        var lineStart = 0
        /// Where the rows to read end: no row starts at or after it.
        var end = Int.max

        /// The next row that is not blank, or nil at the end.
        mutating func row() throws(SourceError) -> [Cell]? {
            while index < min(bytes.count, end) {
                if bytes[index] == DelimitedSource.newline {
                    newLine()
                    continue
                }
                if bytes[index] == DelimitedSource.carriageReturn, index + 1 < bytes.count,
                    bytes[index + 1] == DelimitedSource.newline
                {
                    index += 1
                    newLine()
                    continue
                }
                var cells: [Cell] = []
                while true {
                    cells.append(try cell())
                    if index < bytes.count, bytes[index] == separator {
                        index += 1
                        continue
                    }
                    endOfRow()
                    return cells
                }
            }
            return nil
        }

        private mutating func newLine() {
            index += 1
            line += 1
            lineStart = index
        }

        private mutating func endOfRow() {
            if index < bytes.count, bytes[index] == DelimitedSource.carriageReturn { index += 1 }
            if index < bytes.count, bytes[index] == DelimitedSource.newline { newLine() }
        }

        private mutating func cell() throws(SourceError) -> Cell {
            let startLine = line, startColumn = index - lineStart + 1
            guard index < bytes.count, bytes[index] == DelimitedSource.quote else {
                let start = index
                while index < bytes.count, bytes[index] != separator, bytes[index] != DelimitedSource.newline {
                    if bytes[index] == DelimitedSource.carriageReturn, index + 1 < bytes.count,
                        bytes[index + 1] == DelimitedSource.newline
                    {
                        break
                    }
                    index += 1
                }
                return Cell(
                    text: try text(bytes[start..<index], startLine, startColumn, quoted: false), line: startLine,
                    column: startColumn)
            }
            index += 1
            var content: [UInt8] = []
            while true {
                guard index < bytes.count else {
                    throw SourceError(
                        line: startLine, column: startColumn,
                        message: "a quoted cell is never closed; expected a closing '\"'")
                }
                let byte = bytes[index]
                if byte == DelimitedSource.quote {
                    if index + 1 < bytes.count, bytes[index + 1] == DelimitedSource.quote {
                        content.append(byte)
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                if byte == DelimitedSource.newline {
                    content.append(byte)
                    index += 1
                    line += 1
                    lineStart = index
                    continue
                }
                content.append(byte)
                index += 1
            }
            let atEnd =
                index >= bytes.count || bytes[index] == separator || bytes[index] == DelimitedSource.newline
                || (bytes[index] == DelimitedSource.carriageReturn
                    && (index + 1 >= bytes.count || bytes[index + 1] == DelimitedSource.newline))
            guard atEnd else {
                throw SourceError(
                    line: line, column: index - lineStart + 1,
                    message: "unexpected text after a quoted cell's closing '\"'; write a quote inside a quoted"
                        + " cell as '\"\"'")
            }
            return Cell(
                text: try text(content[...], startLine, startColumn, quoted: true), line: startLine, column: startColumn
            )
        }

        /// A cell's text. In a CSV file, a quote may stand only in a quoted cell (RFC 4180); TSV files
        /// (GeoNames' among them) hold quotes in plain cells.
        private func text(
            _ slice: ArraySlice<UInt8>, _ line: Int, _ column: Int, quoted: Bool
        ) throws(SourceError) -> String {
            if !quoted, separator == UInt8(ascii: ","), slice.contains(DelimitedSource.quote) {
                let offset = slice.firstIndex(of: DelimitedSource.quote)! - slice.startIndex
                throw SourceError(
                    line: line, column: column + offset,
                    message: "a '\"' inside an unquoted cell; quote the whole cell and write the quote as '\"\"'")
            }
            guard let text = String(validating: slice, as: UTF8.self) else {
                throw SourceError(line: line, column: column, message: "invalid UTF-8; expected a UTF-8 text file")
            }
            return text
        }
    }
}
