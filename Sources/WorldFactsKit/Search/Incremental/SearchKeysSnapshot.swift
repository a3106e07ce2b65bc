import WorldFactsModel
import WorldFactsSupport

// How the search keys of a site's scopes are written into a build's snapshot and read back: as they are
// kept, the UTF-8 of every folded text and where each text and each record's texts end, so that neither
// writing nor reading makes a string per text. The "All" scope's keys are merged again from the other
// scopes' keys on reading, as `SearchIndex` merges them, except in a language's block (`allKeys`): merged
// again for every language, they cost more than copying them back.
extension SearchKeys {
    /// Writes `keys`, one per scope of `scopes`: a byte for how each is kept (`Kept`), then its own keys.
    /// `shared`: the scopes a language takes from the default's index (`SearchIndex(…, sharing:)`), only marked.
    /// `allKeys`: the "All" scope's keys are written too, not merged again.
    public static func write(
        _ keys: [SearchKeys], scopes: [SearchScope], sharing shared: Set<Int> = [], allKeys: Bool = false,
        to writer: inout BinaryWriter
    ) {
        writer.int(keys.count)
        for (number, (keys, scope)) in zip(keys, scopes).enumerated() {
            let kept: Kept =
                shared.contains(number) ? .shared : scope.collection == nil && !allKeys ? .merged : .own
            writer.byte(kept.rawValue)
            guard kept == .own else { continue }
            writer.data(keys.folded.bytes)
            writer.narrowInts(keys.folded.ends)
            writer.narrowInts(keys.recordEnds)
        }
    }

    /// How a scope's keys are kept in a snapshot.
    enum Kept: UInt8 {
        /// The "All" scope's, merged again from its members'.
        case merged
        case own
        /// A language's, taken from the default's index.
        case shared
    }

    /// What `write` wrote for `scopes`, of a site of `count` records; malformed unless every end is in
    /// order and within what it ends. `shared`: the default's keys, which a shared scope takes.
    public static func read(
        from reader: inout BinaryReader, scopes: [SearchScope], count: Int, sharing shared: [SearchKeys]? = nil
    ) throws(BinaryReader.Malformed) -> [SearchKeys] {
        guard try reader.count() == scopes.count else { throw BinaryReader.Malformed(offset: reader.index) }
        var keys: [SearchKeys?] = []
        for (number, scope) in scopes.enumerated() {
            guard let kept = Kept(rawValue: try reader.byte()),
                kept == .own || (kept == .merged) == (scope.collection == nil)
            else { throw BinaryReader.Malformed(offset: reader.index) }
            if kept == .merged {
                keys.append(nil)
                continue
            }
            if kept == .shared {
                guard let shared, shared.indices.contains(number), shared[number].recordEnds.count == count else {
                    throw BinaryReader.Malformed(offset: reader.index)
                }
                keys.append(shared[number])
                continue
            }
            let (bytes, ends, recordEnds) = (try reader.data(), try reader.narrowInts(), try reader.narrowInts())
            guard let folded = PackedBytes(bytes: bytes, ends: ends), recordEnds.count == count,
                PackedBytes.inOrder(recordEnds, endingAt: folded.count)
            else { throw BinaryReader.Malformed(offset: reader.index) }
            keys.append(SearchKeys(Flat(folded: folded, recordEnds: recordEnds)))
        }
        let members = zip(keys, scopes).compactMap { $1.isMember ? $0 : nil }
        return keys.map { $0 ?? SearchKeys(merging: members, count: count) }
    }
}

// How what a search index left for the next build (`SearchMemo`) is written into a build's snapshot and
// read back: the keys as above, then each scope's entry hashes and floors and its buckets.
extension SearchMemo {
    /// `shared`: the scopes a language takes from the default's index, whose keys and memo are the
    /// default's: only marked.
    public func write(
        scopes: [SearchScope], sharing shared: Set<Int> = [], allKeys: Bool = false, to writer: inout BinaryWriter
    ) {
        SearchKeys.write(keys, scopes: scopes, sharing: shared, allKeys: allKeys, to: &writer)
        writer.narrowInts(numbers.order.map(Int.init))
        writer.strings(numbers.written)
        writer.strings([manifestName])
        writer.array(Array(self.scopes.enumerated())) { writer, numbered in
            let (number, scope) = numbered
            writer.bool(shared.contains(number))
            guard !shared.contains(number) else { return }
            // By record of the site: a scope of one collection has hashes and floors only in its range.
            writer.trimmedUInt64s(scope.entryHashes)
            writer.bool(!scope.entryFloors.isEmpty)
            if !scope.entryFloors.isEmpty { writer.trimmedInts(scope.entryFloors) }
            writer.strings([scope.filterSignature, scope.textPart])
            writer.array(scope.buckets) { writer, bucket in
                writer.int(Int(bucket.first.value))
                writer.narrowInts(bucket.positions)
                writer.strings(bucket.leaves.map(\.prefix))
                writer.strings(bucket.leaves.map(\.file))
                writer.strings(bucket.splits.map(\.prefix))
                writer.strings(bucket.splits.map(\.file))
                writer.strings(bucket.files.map(\.path))
                writer.strings(bucket.files.map(\.inputs))
            }
        }
    }

    /// What `write` wrote for `scopes`, of a site of `count` records; malformed unless there is an entry
    /// hash for every record, a floor for every record of a scope that has them, and each bucket's
    /// positions rise within the records.
    /// `shared`: the default's memo, whose scopes a language's shared ones are.
    public static func read(
        from reader: inout BinaryReader, scopes: [SearchScope], count: Int, sharing shared: SearchMemo? = nil
    ) throws(BinaryReader.Malformed) -> SearchMemo {
        typealias Malformed = BinaryReader.Malformed
        let keys = try SearchKeys.read(from: &reader, scopes: scopes, count: count, sharing: shared?.keys)
        let (order, written) = (try reader.narrowInts(), try reader.strings())
        guard order.count == count, Self.isPermutation(order), written.isEmpty || written.count == count
        else { throw Malformed(offset: reader.index) }
        let numbers = SearchNumbers(order: order.map { Int32($0) }, written: written)
        guard let manifestName = try reader.strings().first else { throw Malformed(offset: reader.index) }
        var number = 0
        let memos = try reader.array { (reader) throws(Malformed) -> ScopeMemo in
            defer { number += 1 }
            if try reader.bool() {
                guard let shared, shared.scopes.indices.contains(number),
                    shared.scopes[number].entryHashes.count == count
                else { throw Malformed(offset: reader.index) }
                return shared.scopes[number]
            }
            let hashes = try reader.trimmedUInt64s(count: count)
            let floors = try reader.bool() ? try reader.trimmedInts(count: count) : []
            let signature = try reader.strings()
            guard signature.count == 2 else {
                throw Malformed(offset: reader.index)
            }
            let buckets = try reader.array { (reader) throws(Malformed) -> BucketMemo in
                let first = try reader.int()
                let positions = try reader.narrowInts()
                let (leaves, leafFiles) = (try reader.strings(), try reader.strings())
                let (splits, splitFiles) = (try reader.strings(), try reader.strings())
                let (paths, inputs) = (try reader.strings(), try reader.strings())
                guard let scalar = UInt32(exactly: first).flatMap(Unicode.Scalar.init), paths.count == inputs.count,
                    leaves.count == leafFiles.count, splits.count == splitFiles.count,
                    positions.allSatisfy({ $0 >= 0 && $0 < count }), zip(positions, positions.dropFirst()).allSatisfy(<)
                else { throw Malformed(offset: reader.index) }
                return BucketMemo(
                    first: scalar, positions: positions, leaves: zip(leaves, leafFiles).map(ShardName.init),
                    splits: zip(splits, splitFiles).map(ShardName.init),
                    files: Array(zip(paths, inputs)))
            }
            var memo = ScopeMemo(
                entryHashes: hashes, entryFloors: floors, buckets: buckets, filterSignature: signature[0])
            memo.textPart = signature[1]
            return memo
        }
        guard memos.count == scopes.count else { throw Malformed(offset: reader.index) }
        return SearchMemo(keys: keys, numbers: numbers, scopes: memos, manifestName: manifestName)
    }

    /// Whether `order` holds each of 0 to its count once (a set of them was a hash table of every record).
    static func isPermutation(_ order: [Int]) -> Bool {
        var seen = [Bool](repeating: false, count: order.count)
        for number in order {
            guard number >= 0, number < order.count, !seen[number] else { return false }
            seen[number] = true
        }
        return true
    }
}
