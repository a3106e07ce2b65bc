import WorldFactsModel
import WorldFactsSupport

/// The hashes of a records file's keys (`UniqueKeys.hash`), all different, kept with the file's memo. A
/// load from the memo (a live build) checks only the keys it read against them, instead of taking every
/// key of the file again (at 235k records, 50 ms of a 450 ms rebuild in `watch`).
struct KeyHashes: Sendable, Equatable {
    let hashes: Set<UInt64>

    /// The hashes of the keys of `records`, or nil when two share one.
    static func of(_ records: [Record]) -> KeyHashes? {
        var hashes = Set<UInt64>(minimumCapacity: records.count)
        for record in records {
            guard hashes.insert(UniqueKeys.hashOf(record.key)).inserted else { return nil }
        }
        return KeyHashes(hashes: hashes)
    }

    /// The keys of a load that kept the old records `kept` marks (by position in `old`, whose keys these
    /// hashes are) and read `read`: the old hashes but those of the records not kept, and the read ones.
    /// Nil when a read key's hash is one of a kept record or of another read record: a duplicate key, or
    /// two keys that share a hash, which only taking every key (`UniqueKeys`) tells apart and reports.
    func updated(old: [Record], kept: [Bool], read: [Record]) -> KeyHashes? {
        guard kept.count == old.count else { return nil }
        var hashes = hashes
        for position in old.indices where !kept[position] {
            guard hashes.remove(UniqueKeys.hashOf(old[position].key)) != nil else { return nil }
        }
        for record in read {
            guard hashes.insert(UniqueKeys.hashOf(record.key)).inserted else { return nil }
        }
        return KeyHashes(hashes: hashes)
    }
}
