import WorldFactsModel
import WorldFactsSupport

// How a load's memo (`ContentLoader.Memo`) is written into a build's snapshot and read back: each
// records file's pieces (`RecordsFilePieces`), where its records start, and its keys' hashes (`KeyHashes`),
// so that the next build checks only the keys it reads. Its records are the content's, so they are not
// written twice: the reader takes them from the content read back with it.

extension ContentLoader.Memo {
    /// How many pieces of records files the memo keeps.
    public var pieceCount: Int {
        json.values.reduce(0) { $0 + $1.pieces.hashes.count }
            + delimited.values.reduce(0) { $0 + $1.pieces.hashes.count }
    }

    public func write(to writer: inout BinaryWriter) {
        writer.array(json.sorted { $0.key < $1.key }) { writer, entry in
            writer.string(entry.key)
            entry.value.pieces.write(to: &writer)
            writer.ints(entry.value.starts.map(\.index))
            writer.ints(entry.value.starts.map(\.line))
            writer.ints(entry.value.starts.map(\.lineStart))
            entry.value.keys.write(to: &writer)
        }
        writer.array(delimited.sorted { $0.key < $1.key }) { writer, entry in
            let memo = entry.value
            writer.string(entry.key)
            memo.pieces.write(to: &writer)
            writer.array(memo.header) { writer, cell in
                writer.string(cell.text)
                writer.int(cell.line)
                writer.int(cell.column)
            }
            writer.ints([memo.rows.index, memo.rows.line, memo.rows.lineStart, memo.rows.end])
            writer.ints(memo.rowStarts)
            memo.keys.write(to: &writer)
        }
    }

    /// What `write(to:)` wrote; each file's records are those of the collection of `collections` read from it.
    public static func read(
        from reader: inout BinaryReader, collections: [LoadedCollection]
    ) throws(BinaryReader.Malformed) -> ContentLoader.Memo {
        typealias Malformed = BinaryReader.Malformed
        // A memo's key is its file's path, then the declaration that read it (`MemoReading.key`).
        func records(of key: String, count: Int) throws(Malformed) -> [Record] {
            let file = String(key.prefix { $0 != "\n" })
            guard let collection = collections.first(where: { $0.file == file }),
                collection.records.count == count
            else { throw Malformed(offset: reader.index) }
            return collection.records
        }
        var memo = ContentLoader.Memo()
        for _ in 0..<(try reader.count()) {
            let (file, pieces) = (try reader.string(), try RecordsFilePieces.read(from: &reader))
            let (indexes, lines, lineStarts) = (try reader.ints(), try reader.ints(), try reader.ints())
            guard indexes.count == lines.count, lines.count == lineStarts.count,
                indexes.allSatisfy({ $0 >= 0 && $0 <= pieces.byteCount })
            else { throw Malformed(offset: reader.index) }
            let starts = indexes.indices.map {
                JSONParser.ElementStart(index: indexes[$0], line: lines[$0], lineStart: lineStarts[$0])
            }
            let records = try records(of: file, count: starts.count)
            memo.json[file] = JSONRecordsMemo(
                pieces: pieces, starts: starts, records: records,
                keys: try KeyHashes.read(from: &reader, count: records.count))
        }
        for _ in 0..<(try reader.count()) {
            let (file, pieces) = (try reader.string(), try RecordsFilePieces.read(from: &reader))
            let bytes = pieces.byteCount
            let header = try reader.array { (reader) throws(Malformed) in
                DelimitedSource.Cell(text: try reader.string(), line: try reader.int(), column: try reader.int())
            }
            let rows = try reader.ints()
            let rowStarts = try reader.ints()
            let keys = try KeyHashes.read(from: &reader, count: rowStarts.count)
            guard rows.count == 4, [rows[0], rows[2], rows[3]].allSatisfy({ $0 >= 0 && $0 <= bytes }),
                rowStarts.allSatisfy({ $0 >= 0 && $0 <= bytes })
            else { throw Malformed(offset: reader.index) }
            memo.delimited[file] = DelimitedRecordsMemo(
                pieces: pieces, header: header,
                rows: DelimitedSource.Rows(index: rows[0], line: rows[1], lineStart: rows[2], end: rows[3]),
                rowStarts: rowStarts, records: try records(of: file, count: rowStarts.count), keys: keys)
        }
        return memo
    }
}

extension KeyHashes? {
    func write(to writer: inout BinaryWriter) {
        writer.bool(self != nil)
        // Sorted, as they are kept: the same keys give the same bytes.
        if let self { writer.uint64s(self.sorted) }
    }
}

extension KeyHashes {
    /// What `write(to:)` wrote: none, or one hash, all different, for each of `count` records.
    static func read(from reader: inout BinaryReader, count: Int) throws(BinaryReader.Malformed) -> KeyHashes? {
        guard try reader.bool() else { return nil }
        let offset = reader.index
        guard let hashes = KeyHashes(sorted: try reader.uint64s()), hashes.count == count else {
            throw BinaryReader.Malformed(offset: offset)
        }
        return hashes
    }
}

extension RecordsFilePieces {
    func write(to writer: inout BinaryWriter) {
        writer.ints(cuts)
        writer.uint64s(hashes)
    }

    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> RecordsFilePieces {
        let offset = reader.index
        guard let pieces = RecordsFilePieces(cuts: try reader.ints(), hashes: try reader.uint64s()) else {
            throw BinaryReader.Malformed(offset: offset)
        }
        return pieces
    }
}
