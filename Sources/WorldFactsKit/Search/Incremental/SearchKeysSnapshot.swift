import WorldFactsModel
import WorldFactsSupport

// How the search keys of a site's scopes are written into a build's snapshot and read back: as they are
// kept, the UTF-8 of every folded text and where each text and each record's texts end, so that neither
// writing nor reading makes a string per text. The "All" scope's keys are not written: they are merged
// again from the other scopes' keys, as `SearchIndex` merges them.
extension SearchKeys {
    /// Writes `keys`, one per scope of `scopes`.
    public static func write(_ keys: [SearchKeys], scopes: [SearchScope], to writer: inout BinaryWriter) {
        writer.int(keys.count)
        for (keys, scope) in zip(keys, scopes) {
            writer.bool(scope.collection != nil)
            guard scope.collection != nil else { continue }
            writer.data(keys.folded.bytes)
            writer.ints(keys.folded.ends)
            writer.ints(keys.recordEnds)
        }
    }

    /// What `write` wrote for `scopes`, of a site of `count` records; malformed unless every end is in
    /// order and within what it ends.
    public static func read(
        from reader: inout BinaryReader, scopes: [SearchScope], count: Int
    ) throws(BinaryReader.Malformed) -> [SearchKeys] {
        guard try reader.count() == scopes.count else { throw BinaryReader.Malformed(offset: reader.index) }
        var keys: [SearchKeys?] = []
        for scope in scopes {
            guard try reader.bool() == (scope.collection != nil) else {
                throw BinaryReader.Malformed(offset: reader.index)
            }
            guard scope.collection != nil else {
                keys.append(nil)
                continue
            }
            let (bytes, ends, recordEnds) = (try reader.data(), try reader.ints(), try reader.ints())
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
    public func write(scopes: [SearchScope], to writer: inout BinaryWriter) {
        SearchKeys.write(keys, scopes: scopes, to: &writer)
        writer.ints(numbers.order.map(Int.init))
        writer.strings(numbers.written)
        writer.strings([manifestName])
        writer.array(self.scopes) { writer, scope in
            writer.uint64s(scope.entryHashes)
            writer.ints(scope.entryFloors)
            writer.strings([scope.filterSignature])
            writer.array(scope.buckets) { writer, bucket in
                writer.int(Int(bucket.first.value))
                writer.ints(bucket.positions)
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
    public static func read(
        from reader: inout BinaryReader, scopes: [SearchScope], count: Int
    ) throws(BinaryReader.Malformed) -> SearchMemo {
        typealias Malformed = BinaryReader.Malformed
        let keys = try SearchKeys.read(from: &reader, scopes: scopes, count: count)
        let (order, written) = (try reader.ints(), try reader.strings())
        guard order.count == count, Set(order).count == count, order.allSatisfy({ $0 >= 0 && $0 < count }),
            written.isEmpty || written.count == count
        else { throw Malformed(offset: reader.index) }
        let numbers = SearchNumbers(order: order.map { Int32($0) }, written: written)
        guard let manifestName = try reader.strings().first else { throw Malformed(offset: reader.index) }
        let memos = try reader.array { (reader) throws(Malformed) -> ScopeMemo in
            let (hashes, floors, signature) = (try reader.uint64s(), try reader.ints(), try reader.strings())
            guard hashes.count == count, floors.isEmpty || floors.count == count, signature.count == 1 else {
                throw Malformed(offset: reader.index)
            }
            let buckets = try reader.array { (reader) throws(Malformed) -> BucketMemo in
                let first = try reader.int()
                let positions = try reader.ints()
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
            return ScopeMemo(
                entryHashes: hashes, entryFloors: floors, buckets: buckets, filterSignature: signature[0])
        }
        guard memos.count == scopes.count else { throw Malformed(offset: reader.index) }
        return SearchMemo(keys: keys, numbers: numbers, scopes: memos, manifestName: manifestName)
    }
}
