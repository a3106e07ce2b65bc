import WorldFactsSupport

/// The part of every record's shard entry that all scopes share (`ShardEntry.appendHead`), made once for
/// all of them on a first build, which writes every entry. Kept flat, one byte buffer and where each head
/// ends in it, so that 235k heads cost their bytes (about 20 MB) rather than a string each, and the rows
/// they are made of need not be kept.
struct EntryHeads: Sendable {
    private let bytes: [UInt8]
    /// By record position: where its head ends in `bytes` (it starts where the one before ends).
    private let ends: [Int]

    /// The heads of every row, made on every core `chunk` records at a time.
    init(rows: SearchRows, chunk: Int = 4_096) {
        let parts = Parallel.map((rows.count + chunk - 1) / chunk) { number in
            var bytes: [UInt8] = []
            var ends: [Int] = []
            for position in number * chunk..<min(rows.count, (number + 1) * chunk) {
                ShardEntry.appendHead(position: position, row: rows.row(position), to: &bytes)
                ends.append(bytes.count)
            }
            return (bytes: bytes, ends: ends)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        var ends: [Int] = []
        ends.reserveCapacity(rows.count)
        for part in parts {
            let base = bytes.count
            bytes += part.bytes
            ends += part.ends.map { $0 + base }
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// The head of the record at `position`.
    subscript(position: Int) -> ArraySlice<UInt8> {
        bytes[(position == 0 ? 0 : ends[position - 1])..<ends[position]]
    }
}
