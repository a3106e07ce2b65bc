import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// A collection's records as data files (`downloads: [csv, json]`), in the index's order: the key, the
/// title, then every declared field as site.yml declares it. A link is its target's key; a list is, in
/// CSV, its items joined by the field's separator and, in JSON, an array. A number is written as the
/// data gave it. CSV follows RFC 4180 (a header row, quotes where a value needs them, CRLF line ends).
struct DataDownloads {
    let collection: RecordCollection

    func files() -> [OutputFile] { files(rows: rows()) }

    /// The files of downloads whose records are `rows` (as `rows()` gives them), each between its head
    /// and tail, in one allocation.
    func files(rows: [[[UInt8]]]) -> [OutputFile] {
        zip(collection.spec.downloads, rows).map(file)
    }

    /// The file of a download of `format` whose records' parts are `rows`.
    func file(_ format: DownloadFormat, rows: [[UInt8]]) -> OutputFile {
        let (head, tail) = ends(of: format)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.reduce(head.count + tail.count) { $0 + $1.count })
        bytes += head
        for part in rows { bytes += part }
        bytes += tail
        return OutputFile(path: format.path(of: collection.spec.id), bytes: bytes)
    }

    /// By download, in `downloads:` order, its records' bytes, `recordsAtOnce` records to a part, the
    /// parts made on every core. A large collection's downloads are the largest files a build writes.
    func rows() -> [[[UInt8]]] {
        collection.spec.downloads.map { format in
            Parallel.map(collection.records.count, chunk: Self.recordsAtOnce) { rows(format, $0) }
        }
    }

    /// The bytes of the records in `records`, as a download of `format` writes them.
    func rows(_ format: DownloadFormat, _ records: Range<Int>) -> [UInt8] {
        switch format {
        case .csv: csvRows(records, fieldPositions)
        case .json: jsonRows(records, fieldPositions, header.map(JSONText.quoted))
        }
    }

    /// What comes before a download's records, and after.
    func ends(of format: DownloadFormat) -> (head: [UInt8], tail: [UInt8]) {
        switch format {
        case .csv: (Array((header.map(Self.csvCell).joined(separator: ",") + "\r\n").utf8), [])
        case .json: (Array("[\n".utf8), Array("]\n".utf8))
        }
    }

    /// The columns: the key's and title's names, then the fields'.
    var header: [String] {
        [collection.spec.records.keyField, collection.spec.records.titleField]
            + fieldPositions.map { collection.spec.fields[$0].id }
    }

    /// The declared fields written after the key and title (a field declared under the title's name is
    /// the title); not a field made of others (coordinates, a computation): a download holds what the records
    /// file holds, and reads back as it.
    private var fieldPositions: [Int] {
        collection.spec.fields.indices.filter {
            let id = collection.spec.fields[$0].id
            return id != collection.spec.records.keyField && id != collection.spec.records.titleField
                && !collection.spec.fields[$0].isDerived
        }
    }

    private func csvRows(_ records: Range<Int>, _ fields: [Int]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * 64)
        for record in collection.records[records] {
            Self.appendCSVCell(record.key, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            Self.appendCSVCell(record.title, to: &bytes)
            for field in fields {
                bytes.append(UInt8(ascii: ","))
                switch record.values[field] {
                case .missing: break
                case .text(let text): Self.appendCSVCell(text, to: &bytes)
                case .integer(let number): bytes += String(number).utf8
                case .decimal(let number): Self.appendCSVCell(Self.number(number), to: &bytes)
                case .list(let items):
                    Self.appendCSVCell(items.joined(separator: collection.spec.fields[field].separator), to: &bytes)
                }
            }
            bytes += [13, 10]
        }
        return bytes
    }

    private func jsonRows(_ records: Range<Int>, _ fields: [Int], _ names: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * 128)
        let last = collection.records.count - 1
        for number in records {
            let record = collection.records[number]
            bytes += "{\(names[0]):".utf8
            JSONText.appendQuoted(record.key, to: &bytes)
            bytes += ",\(names[1]):".utf8
            JSONText.appendQuoted(record.title, to: &bytes)
            for (offset, field) in fields.enumerated() {
                bytes += ",\(names[offset + 2]):".utf8
                switch record.values[field] {
                case .missing: bytes += "null".utf8
                case .text(let text): JSONText.appendQuoted(text, to: &bytes)
                case .integer(let number): bytes += String(number).utf8
                case .decimal(let number): bytes += (number.isFinite ? Self.number(number) : "null").utf8
                case .list(let items):
                    bytes.append(UInt8(ascii: "["))
                    for (position, item) in items.enumerated() {
                        if position > 0 { bytes.append(UInt8(ascii: ",")) }
                        JSONText.appendQuoted(item, to: &bytes)
                    }
                    bytes.append(UInt8(ascii: "]"))
                }
            }
            bytes += number < last ? "},\n".utf8 : "}\n".utf8
        }
        return bytes
    }

    /// How many records a task writes, and a part of `rows()` holds: after an edit of one record, the
    /// records made again with it (`DownloadRows`). A part of the shipped cities is about 40 KB of CSV.
    static let recordsAtOnce = 1_024

    /// A decimal as the shortest text that reads back as the same number.
    static func number(_ value: Double) -> String { "\(value)" }

    /// Appends a CSV cell's bytes, quoted as `csvCell` quotes it.
    static func appendCSVCell(_ text: String, to bytes: inout [UInt8]) {
        bytes += (needsQuotes(text) ? quoted(text) : text).utf8
    }

    /// A comma, a quote or a line break anywhere, or white space first or last. An ASCII text's ends are
    /// looked at byte by byte (tab to carriage return, and space: what `Character.isWhitespace` says of
    /// them); any other text's by its characters.
    static func needsQuotes(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13 { return true }
            if byte >= 0x80 { ascii = false }
        }
        guard ascii else { return text.first?.isWhitespace == true || text.last?.isWhitespace == true }
        let isSpace = { (byte: UInt8) in byte == 32 || (9...13).contains(byte) }
        return text.utf8.first.map(isSpace) == true || text.utf8.last.map(isSpace) == true
    }

    /// A CSV cell: quoted when it holds a comma, a quote, a line break, or space at either end.
    static func csvCell(_ text: String) -> String {
        needsQuotes(text) ? quoted(text) : text
    }

    /// The text between quotes, each quote in it doubled.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
