import WorldFactsModel
import WorldFactsSupport

// How a load's memo (`ContentLoader.Memo`) is written into a build's snapshot and read back: each
// records file's bytes and where its records start. Its records are the content's, so they are not
// written twice: the reader takes them from the content read back with it.

extension ContentLoader.Memo {
    /// How many bytes of records files the memo keeps.
    public var byteCount: Int {
        json.values.reduce(0) { $0 + $1.bytes.count } + delimited.values.reduce(0) { $0 + $1.bytes.count }
    }

    public func write(to writer: inout BinaryWriter) {
        writer.array(json.sorted { $0.key < $1.key }) { writer, entry in
            writer.string(entry.key)
            writer.data(entry.value.bytes)
            writer.ints(entry.value.starts.map(\.index))
            writer.ints(entry.value.starts.map(\.line))
            writer.ints(entry.value.starts.map(\.lineStart))
        }
        writer.array(delimited.sorted { $0.key < $1.key }) { writer, entry in
            let memo = entry.value
            writer.string(entry.key)
            writer.data(memo.bytes)
            writer.array(memo.header) { writer, cell in
                writer.string(cell.text)
                writer.int(cell.line)
                writer.int(cell.column)
            }
            writer.ints([memo.rows.index, memo.rows.line, memo.rows.lineStart, memo.rows.end])
            writer.ints(memo.rowStarts)
        }
    }

    /// What `write(to:)` wrote; each file's records are those of the collection of `collections` read from it.
    public static func read(
        from reader: inout BinaryReader, collections: [LoadedCollection]
    ) throws(BinaryReader.Malformed) -> ContentLoader.Memo {
        typealias Malformed = BinaryReader.Malformed
        func records(of file: String, count: Int) throws(Malformed) -> [Record] {
            guard let collection = collections.first(where: { $0.file == file }),
                collection.records.count == count
            else { throw Malformed(offset: reader.index) }
            return collection.records
        }
        var memo = ContentLoader.Memo()
        for _ in 0..<(try reader.count()) {
            let (file, bytes) = (try reader.string(), try reader.data())
            let (indexes, lines, lineStarts) = (try reader.ints(), try reader.ints(), try reader.ints())
            guard indexes.count == lines.count, lines.count == lineStarts.count,
                indexes.allSatisfy({ $0 >= 0 && $0 <= bytes.count })
            else { throw Malformed(offset: reader.index) }
            let starts = indexes.indices.map {
                JSONParser.ElementStart(index: indexes[$0], line: lines[$0], lineStart: lineStarts[$0])
            }
            memo.json[file] = JSONRecordsMemo(
                bytes: bytes, starts: starts, records: try records(of: file, count: starts.count))
        }
        for _ in 0..<(try reader.count()) {
            let (file, bytes) = (try reader.string(), try reader.data())
            let header = try reader.array { (reader) throws(Malformed) in
                DelimitedSource.Cell(text: try reader.string(), line: try reader.int(), column: try reader.int())
            }
            let rows = try reader.ints()
            let rowStarts = try reader.ints()
            guard rows.count == 4, [rows[0], rows[2], rows[3]].allSatisfy({ $0 >= 0 && $0 <= bytes.count }),
                rowStarts.allSatisfy({ $0 >= 0 && $0 <= bytes.count })
            else { throw Malformed(offset: reader.index) }
            memo.delimited[file] = DelimitedRecordsMemo(
                bytes: bytes, header: header,
                rows: DelimitedSource.Rows(index: rows[0], line: rows[1], lineStart: rows[2], end: rows[3]),
                rowStarts: rowStarts, records: try records(of: file, count: rowStarts.count))
        }
        return memo
    }
}
