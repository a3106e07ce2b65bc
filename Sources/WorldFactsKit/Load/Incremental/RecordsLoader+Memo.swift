import Algorithms
import WorldFactsModel
import WorldFactsSupport

/// The loads of a records file loaded before (a live build, or one from the last build's snapshot): each
/// starts from the last load's memo of the file (`JSONRecordsMemo`, `DelimitedRecordsMemo`), keeps the
/// records of the bytes that are unchanged, and reads only the others. Each gives what `load(bytes:)` or
/// `load(delimited:)` gives, and what the next load can keep.
extension RecordsLoader {
    /// `load(bytes:)` for a file loaded before (a live build): an element whose bytes are those of an
    /// element of `memo`'s file (every element before the first changed byte, and after the last) keeps
    /// its record, on its new line; only the others are read. Gives too what the next load of the file
    /// can keep, when this one found no problem. The records and problems are those `load(bytes:)` gives.
    public func load(bytes: [UInt8], memo: JSONRecordsMemo?) -> ([Record], [Diagnostic], JSONRecordsMemo?) {
        let splice = memo.map { JSONRecordsMemo.Splice(old: $0, new: bytes) }
        guard let starts = splice?.starts(of: bytes) ?? JSONParser.elementStarts(bytes) else {
            let (records, diagnostics) = loadInOrder(bytes: bytes)
            return (records, diagnostics, nil)
        }
        if let splice, let spliced = spliced(bytes: bytes, starts: starts, splice: splice) { return spliced }
        guard
            let (records, diagnostics, keys) = loadInParallel(
                bytes: bytes, starts: starts, splice: splice, keepsKeys: true)
        else {
            let (records, diagnostics) = loadInOrder(bytes: bytes)
            return (records, diagnostics, nil)
        }
        let kept =
            diagnostics.isEmpty && records.count == starts.count
            ? JSONRecordsMemo(bytes: bytes, starts: starts, records: records, keys: keys) : nil
        return (records, diagnostics, kept)
    }

    /// The load of an edit of a few elements (`load(bytes:memo:)`): the memo's records, those of the
    /// elements between the shared ends replaced by what they read now, and the lines after them moved.
    /// One copy of the records, where the general way makes an outcome per record and takes each in turn.
    /// Nil, and the load goes the general way, unless every element read is plain (read
    /// directly, with no problem) and every key read is new (`KeyHashes.updated`): then the two ways give
    /// the same records, and no diagnostic.
    func spliced(bytes: [UInt8], starts: [JSONParser.ElementStart], splice: JSONRecordsMemo.Splice) -> (
        [Record], [Diagnostic], JSONRecordsMemo?
    )? {
        let (memo, ends) = (splice.memo, splice.ends)
        guard let hashes = memo.keys, let reader = recordReader(), memo.records.count == memo.starts.count else {
            return nil
        }
        // Elements before `first` end in the shared start; those from `last` on start in the shared end.
        let first = starts.indices.partitioningIndex {
            ($0 + 1 < starts.count ? starts[$0 + 1].index : bytes.count) > ends.prefix
        }
        let last = max(first, starts.partitioningIndex { $0.index >= ends.newCount - ends.suffix })
        let oldLast = memo.starts.count - (starts.count - last)
        guard last - first <= 4_096, oldLast >= first,
            first == 0 || memo.starts[first - 1].index == starts[first - 1].index,
            last == starts.count || memo.starts[oldLast].index + ends.shift == starts[last].index
        else { return nil }
        var read: [Record] = []
        for element in first..<last {
            let start = starts[element]
            guard let record = reader.read(bytes, at: start.index, line: start.line) else { return nil }
            read.append(record)
        }
        let lines = last < starts.count ? starts[last].line - memo.starts[oldLast].line : 0
        guard
            let (records, keys) = Self.replacing(
                first..<oldLast, of: memo.records, prepared: memo.prepared, keys: hashes, with: read,
                movingLaterBy: lines)
        else { return nil }
        let pieces = RecordsFilePieces(bytes: bytes, starts: starts.lazy.map(\.index), reusing: memo.pieces, ends: ends)
        return (records, [], JSONRecordsMemo(pieces: pieces, starts: starts, records: records, keys: keys))
    }

    /// A splice's records (`spliced`): `old` with those at `range` replaced by `read`, the ones after moved
    /// `lines` down, and the key hashes (`keys`, of `old`) with them; nil when a key read is not new.
    /// `prepared`: a copy of `old` of its own, which the records are replaced in, in place.
    static func replacing(
        _ range: Range<Int>, of old: [Record], prepared: PreparedCopy<[Record]>? = nil, keys: KeyHashes,
        with read: [Record],
        movingLaterBy lines: Int
    ) -> ([Record], KeyHashes)? {
        var kept = [Bool](repeating: true, count: old.count)
        for position in range { kept[position] = false }
        guard let keys = keys.updated(old: old, kept: kept, read: read) else { return nil }
        var records = prepared?.take(orShared: old) ?? old
        records.replaceSubrange(range, with: read)
        if lines != 0 {
            for record in (range.lowerBound + read.count)..<records.count { records[record].line += lines }
        }
        return (records, keys)
    }

    /// `load(delimited:)` for a file loaded before (a live build): the records of the rows before the first
    /// changed byte and of the rows after the last are kept (on their new lines), and only the rows between
    /// are read. Gives too what the next load can keep, when this one found no problem. The records and
    /// problems are those `load(delimited:)` gives.
    func load(delimited source: DelimitedSource, memo: DelimitedRecordsMemo?) -> (
        [Record], [Diagnostic], DelimitedRecordsMemo?
    ) {
        func remembered(
            _ loaded: (records: [Record], diagnostics: [Diagnostic], keys: KeyHashes?)
        ) -> ([Record], [Diagnostic], DelimitedRecordsMemo?) {
            guard loaded.diagnostics.isEmpty, let (header, rows) = try? source.header() else {
                return (loaded.records, loaded.diagnostics, nil)
            }
            return (
                loaded.records, loaded.diagnostics,
                DelimitedRecordsMemo(
                    bytes: source.bytes, header: header, rows: rows, records: loaded.records, keys: loaded.keys)
            )
        }
        guard let memo, let splice = DelimitedRecordsMemo.Splice(old: memo, new: source.bytes) else {
            return remembered(load(delimited: source, keepsKeys: true))
        }
        let positionByName = fieldPositions
        let reader = DelimitedRecordReader(collection: collection, header: memo.header, positionByName: positionByName)
        var read: [Outcome] = []
        guard
            let stop = try? source.readRows(
                in: splice.rows, header: memo.header,
                { row in
                    read.append(outcome(of: row, source: source, header: memo.header, reader, positionByName))
                }), stop.index == splice.rows.end
        else {
            return remembered(load(delimited: source, keepsKeys: true))
        }
        let keptEnd = memo.records[splice.after...]
        let shift = stop.line - (keptEnd.first?.line ?? stop.line)
        if let spliced = spliced(read, into: memo, splice, lines: shift, source: source) { return spliced }
        var outcomes = memo.records[..<splice.before].map { Outcome.kept($0, line: $0.line, column: 1) }
        outcomes += read
        outcomes += keptEnd.map { record in
            var moved = record
            moved.line += shift
            return .kept(moved, line: moved.line, column: 1)
        }
        guard !outcomes.isEmpty else { return remembered(load(delimited: source, keepsKeys: true)) }
        var kept = [Bool](repeating: true, count: memo.records.count)
        for position in splice.before..<splice.after { kept[position] = false }
        return remembered(
            taken(
                [outcomes], capacity: outcomes.count,
                known: KnownKeys(hashes: memo.keys, old: memo.records, kept: kept)))
    }

    /// A reload of a few CSV or TSV rows (`load(delimited:memo:)`) whose rows read are all plain records
    /// with new keys: the memo's records with them in place, the kept end's lines moved by `lines`, and
    /// the next memo made from the last one's (row starts and piece hashes), not from a scan of the file.
    /// What the general way gives, which makes an outcome per row and finds every line start; nil
    /// otherwise, and the load goes that way.
    func spliced(
        _ read: [Outcome], into memo: DelimitedRecordsMemo, _ splice: DelimitedRecordsMemo.Splice, lines: Int,
        source: DelimitedSource
    ) -> ([Record], [Diagnostic], DelimitedRecordsMemo?)? {
        var records: [Record] = []
        for outcome in read {
            guard case .record(let record, _, _) = outcome else { return nil }
            records.append(record)
        }
        guard let hashes = memo.keys, let (header, rows) = try? source.header(), rows.index == memo.rows.index,
            let (all, keys) = Self.replacing(
                splice.before..<splice.after, of: memo.records, prepared: memo.prepared, keys: hashes, with: records,
                movingLaterBy: lines)
        else { return nil }
        // Where the lines of the rows read start: each row starts at its first line.
        var lineStarts = [splice.rows.lineStart]
        for offset in splice.rows.index..<splice.rows.end where source.bytes[offset] == UInt8(ascii: "\n") {
            lineStarts.append(offset + 1)
        }
        var rowStarts = Array(memo.rowStarts[..<splice.before])
        for record in records {
            let line = record.line - splice.rows.line
            guard line >= 0, line < lineStarts.count else { return nil }
            rowStarts.append(lineStarts[line])
        }
        rowStarts += memo.rowStarts[splice.after...].map { $0 + splice.ends.shift }
        let pieces = RecordsFilePieces(
            bytes: source.bytes, starts: [rows.index] + rowStarts, reusing: memo.pieces, ends: splice.ends)
        return (
            all, [],
            DelimitedRecordsMemo(
                pieces: pieces, header: header, rows: rows, rowStarts: rowStarts, records: all, keys: keys)
        )
    }
}
