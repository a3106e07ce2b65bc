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
        let members = keys.compactMap { $0 }
        return keys.map { $0 ?? SearchKeys(merging: members, count: count) }
    }
}
