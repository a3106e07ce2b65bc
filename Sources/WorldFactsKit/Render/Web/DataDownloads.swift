import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// A collection's records as data files (`downloads: [csv, json]`), in the index's order: the key, the
/// title, then every declared field as site.yml declares it. A link is its target's key; a list is, in
/// CSV, its items joined by the field's separator and, in JSON, an array. A number is written as the
/// data gave it. CSV follows RFC 4180 (a header row, quotes where a value needs them, CRLF line ends).
struct DataDownloads {
    let collection: RecordCollection

    func files() -> [OutputFile] {
        collection.spec.downloads.map { format in
            switch format {
            case .csv: OutputFile(path: format.path(of: collection.spec.id), text: csv())
            case .json: OutputFile(path: format.path(of: collection.spec.id), text: json())
            }
        }
    }

    /// The columns: the key's and title's names, then the fields'.
    var header: [String] {
        [collection.spec.records.keyField, collection.spec.records.titleField]
            + fieldPositions.map { collection.spec.fields[$0].id }
    }

    /// The declared fields written after the key and title (a field declared under the title's name is
    /// the title).
    private var fieldPositions: [Int] {
        collection.spec.fields.indices.filter {
            let id = collection.spec.fields[$0].id
            return id != collection.spec.records.keyField && id != collection.spec.records.titleField
        }
    }

    func csv() -> String {
        let fields = fieldPositions
        var text = header.map(Self.csvCell).joined(separator: ",") + "\r\n"
        for record in collection.records {
            var cells = [Self.csvCell(record.key), Self.csvCell(record.title)]
            for field in fields {
                let value = record.values[field]
                switch value {
                case .missing: cells.append("")
                case .text(let text): cells.append(Self.csvCell(text))
                case .integer(let number): cells.append(String(number))
                case .decimal(let number): cells.append(Self.csvCell(Self.number(number)))
                case .list(let items):
                    cells.append(Self.csvCell(items.joined(separator: collection.spec.fields[field].separator)))
                }
            }
            text += cells.joined(separator: ",") + "\r\n"
        }
        return text
    }

    func json() -> String {
        let fields = fieldPositions
        let names = header.map(JSONText.quoted)
        var text = "[\n"
        for (number, record) in collection.records.enumerated() {
            var members = [
                names[0] + ":" + JSONText.quoted(record.key), names[1] + ":" + JSONText.quoted(record.title),
            ]
            for (offset, field) in fields.enumerated() {
                let json: String
                switch record.values[field] {
                case .missing: json = "null"
                case .text(let text): json = JSONText.quoted(text)
                case .integer(let number): json = String(number)
                case .decimal(let number): json = number.isFinite ? Self.number(number) : "null"
                case .list(let items): json = "[" + items.map(JSONText.quoted).joined(separator: ",") + "]"
                }
                members.append(names[offset + 2] + ":" + json)
            }
            text += "{" + members.joined(separator: ",") + "}" + (number + 1 < collection.records.count ? ",\n" : "\n")
        }
        return text + "]\n"
    }

    /// A decimal as the shortest text that reads back as the same number.
    static func number(_ value: Double) -> String { "\(value)" }

    /// A CSV cell: quoted when it holds a comma, a quote, a line break, or space at either end.
    static func csvCell(_ text: String) -> String {
        let needsQuotes =
            text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
