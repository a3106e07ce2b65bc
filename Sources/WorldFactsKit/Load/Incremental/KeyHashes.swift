import Algorithms
import WorldFactsModel
import WorldFactsSupport

/// The hashes of a records file's keys (`UniqueKeys.hash`), all different, kept with the file's memo. A
/// load from the memo (a live build) checks only the keys it read against them, instead of taking every
/// key of the file again, which at hundreds of thousands of records is a large part of an edit's rebuild.
///
/// They are kept sorted, not in a set: a snapshot holds them so, and reads them as they are, where making
/// a set of a million is a noticeable part of a one-record rebuild's critical path (and writing a set sorted
/// it first); the few keys an edit reads are looked up by bisection, and one pass makes the updated list.
struct KeyHashes: Sendable, Equatable {
    /// Ascending, all different.
    let sorted: [UInt64]

    /// `sorted`, when it is ascending with no two alike.
    init?(sorted: [UInt64]) {
        guard sorted.indices.dropFirst().allSatisfy({ sorted[$0 - 1] < sorted[$0] }) else { return nil }
        self.sorted = sorted
    }

    /// The hashes of the keys of `records`, or nil when two share one.
    static func of(_ records: [Record]) -> KeyHashes? {
        KeyHashes(sorted: records.map { UniqueKeys.hashOf($0.key) }.sorted())
    }

    var count: Int { sorted.count }

    /// Whether `hash` is one of them.
    func contains(_ hash: UInt64) -> Bool {
        let place = Self.place(of: hash, in: sorted)
        return place < sorted.count && sorted[place] == hash
    }

    /// Where `hash` is in `sorted`, or would go: the first place whose hash is not below it.
    static func place(of hash: UInt64, in sorted: [UInt64]) -> Int {
        sorted.partitioningIndex { $0 >= hash }
    }

    /// The keys of a load that kept the old records `kept` marks (by position in `old`, whose keys these
    /// hashes are) and read `read`: the old hashes but those of the records not kept, and the read ones.
    /// Nil when a read key's hash is one of a kept record or of another read record: a duplicate key, or
    /// two keys that share a hash, which only taking every key (`UniqueKeys`) tells apart and reports.
    func updated(old: [Record], kept: [Bool], read: [Record]) -> KeyHashes? {
        guard kept.count == old.count else { return nil }
        var removed = Set<UInt64>()
        for position in old.indices where !kept[position] {
            let hash = UniqueKeys.hashOf(old[position].key)
            guard contains(hash), removed.insert(hash).inserted else { return nil }
        }
        var added = Set<UInt64>()
        for record in read {
            let hash = UniqueKeys.hashOf(record.key)
            guard !contains(hash) || removed.contains(hash), added.insert(hash).inserted else { return nil }
        }
        guard !removed.isEmpty || !added.isEmpty else { return self }
        // One pass: the runs of kept hashes between the removed ones, with the added ones merged in.
        var merged: [UInt64] = []
        merged.reserveCapacity(sorted.count - removed.count + added.count)
        var from = 0
        for hash in removed.union(added).sorted() {
            let place = Self.place(of: hash, in: sorted)
            merged += sorted[from..<place]
            if removed.contains(hash) {
                from = place + 1
                if added.contains(hash) { merged.append(hash) }
            } else {
                merged.append(hash)
                from = place
            }
        }
        merged += sorted[from...]
        return KeyHashes(sorted: merged)
    }
}
