import Algorithms
import WorldFactsModel
import WorldFactsSupport

/// What loading a CSV or TSV records file leaves for the next load of the same file in a live build
/// (`RecordsLoader.load(delimited:memo:)`): the hashes of its header and rows (`RecordsFilePieces`), its
/// header, where each record's row starts, and the records, in file order.
public struct DelimitedRecordsMemo: Sendable {
    let pieces: RecordsFilePieces
    let header: [DelimitedSource.Cell]
    /// The rows after the header: where they start, on which line.
    let rows: DelimitedSource.Rows
    /// By record: the offset of its row's first byte.
    let rowStarts: [Int]
    let records: [Record]
    /// The hashes of the records' keys, when the load that made the memo had them (`KeyHashes`).
    let keys: KeyHashes?
    /// A copy of `records` of its own, for the next load to splice its edit into in place
    /// (`ContentLoader.Memo.prepareCopies`): the records are shared with the live model's content, and
    /// replacing one of them there copied every record.
    let prepared = PreparedCopy<[Record]>()

    /// The memo of a file whose records are `records` (every row a record, in order), whose keys hash to
    /// `keys`.
    init(
        bytes: [UInt8], header: [DelimitedSource.Cell], rows: DelimitedSource.Rows, records: [Record],
        keys: KeyHashes?
    ) {
        self.keys = keys
        self.header = header
        self.rows = rows
        self.records = records
        // A row starts at the start of its first line: the line starts, found once.
        var lineStarts = [0, 0]  // lines count from 1
        lineStarts.reserveCapacity(records.last.map { $0.line + 1 } ?? 2)
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        let rowStarts = records.map { lineStarts[$0.line] }
        self.rowStarts = rowStarts
        pieces = RecordsFilePieces(bytes: bytes, starts: [rows.index] + rowStarts)
    }

    /// A memo read back from a build's snapshot (`ContentLoader.Memo.read`).
    init(
        pieces: RecordsFilePieces, header: [DelimitedSource.Cell], rows: DelimitedSource.Rows, rowStarts: [Int],
        records: [Record], keys: KeyHashes? = nil
    ) {
        self.keys = keys
        self.pieces = pieces
        self.header = header
        self.rows = rows
        self.rowStarts = rowStarts
        self.records = records
    }

    /// The rows of the new file to read, and the records of the old one it keeps: the rows before the
    /// first changed piece, and those from a row start in the shared end on, whose bytes are the old
    /// ones to the end of the file (a row read from its start reads only its own bytes).
    struct Splice {
        /// How many records at the start are kept as they are.
        let before: Int
        /// The rows to read: from the first changed row to `rows.end`, the start of the kept end.
        let rows: DelimitedSource.Rows
        /// The first record of the kept end (`records.count` when none is kept).
        let after: Int
        /// What the old file and the new one share at their ends.
        let ends: UnchangedEnds

        init?(old memo: DelimitedRecordsMemo, new bytes: [UInt8]) {
            let ends = UnchangedEnds(old: memo.pieces, new: bytes)
            self.ends = ends
            guard ends.prefix >= memo.rows.index else { return nil }  // the header
            let starts = memo.rowStarts
            // The last row that starts at or before the first changed byte: it and those after are read.
            let low = starts.partitioningIndex { $0 > ends.prefix }
            // None (a change between the header and the first record): from the rows' start.
            before = max(low - 1, 0)
            let (start, line) =
                low > 0 ? (starts[before], memo.records[before].line) : (memo.rows.index, memo.rows.line)
            // The first row of the shared end that starts after `start` and follows a line's end.
            var after = max(before, low)
            while after < starts.count {
                let moved = starts[after] + ends.shift
                if starts[after] >= memo.pieces.byteCount - ends.suffix, moved > start,
                    bytes[moved - 1] == UInt8(ascii: "\n")
                {
                    break
                }
                after += 1
            }
            self.after = after
            let end = after < starts.count ? starts[after] + ends.shift : bytes.count
            rows = DelimitedSource.Rows(index: start, line: line, lineStart: start, end: end)
        }
    }
}
