/// How a records file is read, by its extension.
enum RecordsFormat: Equatable {
    /// `.json`: an array of objects.
    case json
    /// `.jsonl`, `.ndjson`: one object per line.
    case jsonLines
    /// `.csv`, `.tsv`: a header row, then a record per row.
    case delimited(separator: UInt8)
    /// `.sqlite`, `.db`: the rows of a query.
    case sqlite

    init?(file: String) {
        let dot = file.lastIndex(of: ".").map { file[file.index(after: $0)...].lowercased() } ?? ""
        switch dot {
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonLines
        case "csv": self = .delimited(separator: UInt8(ascii: ","))
        case "tsv": self = .delimited(separator: UInt8(ascii: "\t"))
        case "sqlite", "sqlite3", "db": self = .sqlite
        default: return nil
        }
    }

    static let extensions = ".json, .jsonl, .ndjson, .csv, .tsv, .sqlite, .sqlite3 or .db"
}
