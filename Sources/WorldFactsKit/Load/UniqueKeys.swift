import WorldFactsModel
import WorldFactsSupport

/// Takes records in file order and keeps the first of each key: a later record with a key already taken
/// is refused, with an error that names both lines. The one duplicate-key check of every way of reading.
struct UniqueKeys {
    let file: String
    let keyField: String
    private(set) var records: [Record] = []
    /// The records taken, by the `BulkHash` of their key's UTF-8 (a number hashes faster than a string,
    /// and hashing strings was a large part of a rebuild's load); the few whose key's hash
    /// an earlier key has too are in `sharingAHash`.
    private var recordByHash: [UInt64: Int32] = [:]
    private var sharingAHash: [String: Int32] = [:]
    /// By record taken: the line it was on.
    private var lines: [Int] = []

    /// How a key is hashed: `BulkHash` of its UTF-8; a test gives every key one hash.
    let hash: (inout String) -> UInt64

    init(
        file: String, keyField: String, capacity: Int = 0,
        hash: @escaping (inout String) -> UInt64 = { key in hashOf(key) }
    ) {
        self.file = file
        self.keyField = keyField
        self.hash = hash
        records.reserveCapacity(capacity)
        recordByHash.reserveCapacity(capacity)
        lines.reserveCapacity(capacity)
    }

    /// `BulkHash` of a key's UTF-8: how keys are hashed, here and in `KeyHashes`.
    static func hashOf(_ key: String) -> UInt64 {
        BulkHash.of(utf8: key)
    }

    /// The hashes of the keys taken, when no two of them share one. They are `KeyHashes`' only when the
    /// keys were hashed the default way (`hashOf`), as every load hashes them.
    var keyHashes: KeyHashes? {
        sharingAHash.isEmpty ? KeyHashes(sorted: recordByHash.keys.sorted()) : nil
    }

    /// Keeps the record, or gives the error that refuses it.
    mutating func take(_ record: Record, line: Int, column: Int) -> Diagnostic? {
        var key = record.key
        let hash = hash(&key)
        let taken = Int32(records.count)
        if let earlier = recordByHash[hash] {
            let first = records[Int(earlier)].key == key ? earlier : sharingAHash[key]
            if let first {
                return .error(
                    SourceLocation(file: file, line: line, column: column), record: record.key, field: keyField,
                    "duplicate key: records at lines \(lines[Int(first)]) and \(line) both have key '\(record.key)'")
            }
            sharingAHash[key] = taken
        } else {
            recordByHash[hash] = taken
        }
        lines.append(line)
        records.append(record)
        return nil
    }
}
