import WorldFactsSupport

// How a scope's search keys are written into a build's snapshot and read back: the folded texts of
// each record; the scalars and word starts are made again from them, as `init(texts:)` makes them.
extension SearchKeys {
    public func write(to writer: inout BinaryWriter) {
        writer.array(texts) { $0.strings($1) }
    }

    public static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> SearchKeys {
        SearchKeys(texts: try reader.array { (reader) throws(BinaryReader.Malformed) in try reader.strings() })
    }
}
