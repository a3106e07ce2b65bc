import WorldFactsModel
import WorldFactsSupport

// How the search keys of a site's scopes are written into a build's snapshot and read back: the folded
// texts of each record; the scalars and word starts are made again from them, as `init(texts:)` makes
// them. The "All" scope's keys are not written: they are merged again from the other scopes' keys, as
// `SearchIndex` merges them, sharing their arrays.
extension SearchKeys {
    /// Writes `keys`, one per scope of `scopes`.
    public static func write(_ keys: [SearchKeys], scopes: [SearchScope], to writer: inout BinaryWriter) {
        writer.int(keys.count)
        for (keys, scope) in zip(keys, scopes) {
            writer.bool(scope.collection != nil)
            if scope.collection != nil { writer.array(keys.texts) { $0.strings($1) } }
        }
    }

    /// What `write` wrote for `scopes`, of a site of `count` records.
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
            let texts = try reader.array { (reader) throws(BinaryReader.Malformed) in try reader.strings() }
            guard texts.count == count else { throw BinaryReader.Malformed(offset: reader.index) }
            keys.append(SearchKeys(texts: texts))
        }
        let members = keys.compactMap { $0 }
        return keys.map { $0 ?? SearchKeys(merging: members, count: count) }
    }
}
