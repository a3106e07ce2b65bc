import Foundation
import WorldFactsModel
import WorldFactsSupport

/// What loading a JSON records file leaves for the next load of the same file in a live build
/// (`RecordsLoader.load(bytes:reusing:)`): its bytes, where its elements start, and the record each
/// gave, in file order.
public struct JSONRecordsMemo: Sendable {
    let bytes: [UInt8]
    let starts: [JSONParser.ElementStart]
    let records: [Record]

    /// The old file against the new one: the bytes they share at their start and at their end. An
    /// element of the new file that lies in either is byte for byte an element of the old one (a
    /// record's parse reads only its own bytes), so its record is the old one's, on its new line.
    struct Splice: Sendable {
        let memo: JSONRecordsMemo
        /// How many bytes the files share from their start, and from their end (not overlapping).
        let prefix: Int
        let suffix: Int
        /// The new file's length minus the old one's.
        let shift: Int
        let newCount: Int

        init(old memo: JSONRecordsMemo, new bytes: [UInt8]) {
            self.memo = memo
            newCount = bytes.count
            shift = bytes.count - memo.bytes.count
            let shortest = min(bytes.count, memo.bytes.count)
            let (prefix, suffix) = memo.bytes.withUnsafeBufferPointer { old in
                bytes.withUnsafeBufferPointer { new in
                    var prefix = 0
                    // A page at a time with memcmp, then byte by byte in the page that differs.
                    let page = 4_096
                    while prefix + page <= shortest,
                        memcmp(old.baseAddress! + prefix, new.baseAddress! + prefix, page) == 0
                    {
                        prefix += page
                    }
                    while prefix < shortest, old[prefix] == new[prefix] { prefix += 1 }
                    var suffix = 0
                    let room = shortest - prefix
                    while suffix + page <= room,
                        memcmp(
                            old.baseAddress! + old.count - suffix - page, new.baseAddress! + new.count - suffix - page,
                            page) == 0
                    {
                        suffix += page
                    }
                    while suffix < room, old[old.count - suffix - 1] == new[new.count - suffix - 1] { suffix += 1 }
                    return (prefix, suffix)
                }
            }
            self.prefix = prefix
            self.suffix = suffix
        }

        /// The old record of the new file's element at `start`, whose bytes run to `end` (the next
        /// element's start, or the end of the file), when the old file has that element; on `start`'s line.
        func record(at start: JSONParser.ElementStart, end: Int) -> Record? {
            let old: Int
            if end <= prefix {
                old = start.index
            } else if start.index >= newCount - suffix {
                old = start.index - shift
            } else {
                return nil
            }
            let starts = memo.starts
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle].index < old { low = middle + 1 } else { high = middle }
            }
            guard low < starts.count, starts[low].index == old else { return nil }
            var record = memo.records[low]
            record.line = start.line
            return record
        }
    }
}
