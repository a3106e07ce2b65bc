import Algorithms
import Foundation
import WorldFactsModel
import WorldFactsSupport

/// What loading a JSON records file leaves for the next load of the same file in a live build
/// (`RecordsLoader.load(bytes:memo:)`): the hashes of its elements' bytes (`RecordsFilePieces`), where its
/// elements start, and the record each gave, in file order.
public struct JSONRecordsMemo: Sendable {
    let pieces: RecordsFilePieces
    let starts: [JSONParser.ElementStart]
    let records: [Record]
    /// The hashes of the records' keys, when the load that made the memo had them (`KeyHashes`).
    let keys: KeyHashes?
    /// A copy of `records` of its own, for the next load to splice its edit into in place
    /// (`ContentLoader.Memo.prepareCopies`): the records are shared with the live model's content, and
    /// replacing one of them there copied every record.
    let prepared = PreparedCopy<[Record]>()

    /// The memo of `bytes`, whose elements start at `starts` and gave `records`, whose keys hash to `keys`.
    init(bytes: [UInt8], starts: [JSONParser.ElementStart], records: [Record], keys: KeyHashes?) {
        self.init(
            pieces: RecordsFilePieces(bytes: bytes, starts: starts.lazy.map(\.index)), starts: starts, records: records,
            keys: keys)
    }

    init(pieces: RecordsFilePieces, starts: [JSONParser.ElementStart], records: [Record], keys: KeyHashes? = nil) {
        self.pieces = pieces
        self.starts = starts
        self.records = records
        self.keys = keys
    }

    /// The old file against the new one (`UnchangedEnds`). An element of the new file that lies in the
    /// pieces they share at their start or at their end is byte for byte an element of the old one (a
    /// record's parse reads only its own bytes), so its record is the old one's, on its new line.
    struct Splice: Sendable {
        let memo: JSONRecordsMemo
        let ends: UnchangedEnds

        init(old memo: JSONRecordsMemo, new bytes: [UInt8]) {
            self.memo = memo
            ends = UnchangedEnds(old: memo.pieces, new: bytes)
        }

        /// Where the new file's elements start: only the part between the shared ends is scanned.
        func starts(of bytes: [UInt8]) -> [JSONParser.ElementStart]? {
            JSONParser.elementStarts(
                bytes, old: memo.starts, prefix: ends.prefix, suffixStart: ends.newCount - ends.suffix,
                shift: ends.shift)
        }

        /// The old record of the new file's element at `start`, whose bytes run to `end` (the next
        /// element's start, or the end of the file), when the old file has that element; on `start`'s line,
        /// with its position in the old file.
        func record(at start: JSONParser.ElementStart, end: Int) -> (Record, old: Int)? {
            let old: Int
            if end <= ends.prefix {
                old = start.index
            } else if start.index >= ends.newCount - ends.suffix {
                old = start.index - ends.shift
            } else {
                return nil
            }
            let starts = memo.starts
            let low = starts.partitioningIndex { $0.index >= old }
            guard low < starts.count, starts[low].index == old else { return nil }
            var record = memo.records[low]
            record.line = start.line
            return (record, low)
        }
    }
}
