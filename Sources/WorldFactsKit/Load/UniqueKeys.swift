import WorldFactsModel
import WorldFactsSupport

/// Takes records in file order and keeps the first of each key: a later record with a key already taken
/// is refused, with an error that names both lines. The one duplicate-key check of every way of reading.
struct UniqueKeys {
    let file: String
    let keyField: String
    private(set) var records: [Record] = []
    private var firstLineByKey: [String: Int] = [:]

    init(file: String, keyField: String, capacity: Int = 0) {
        self.file = file
        self.keyField = keyField
        records.reserveCapacity(capacity)
        firstLineByKey.reserveCapacity(capacity)
    }

    /// Keeps the record, or gives the error that refuses it.
    mutating func take(_ record: Record, line: Int, column: Int) -> Diagnostic? {
        if let first = firstLineByKey[record.key] {
            return .error(
                SourceLocation(file: file, line: line, column: column), record: record.key, field: keyField,
                "duplicate key: records at lines \(first) and \(line) both have key '\(record.key)'")
        }
        firstLineByKey[record.key] = line
        records.append(record)
        return nil
    }
}
