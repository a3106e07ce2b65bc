import WorldFactsSupport

/// The part of every record's shard entry that all scopes share (`ShardEntry.appendHead`), made once for
/// all of them on a first build, which writes every entry. Kept packed, so that the heads cost their
/// bytes rather than a string each, and the rows they are made of need not be kept.
struct EntryHeads: Sendable {
    private let heads: PackedBytes

    /// The heads of every row, made on every core `chunk` records at a time.
    init(rows: SearchRows, chunk: Int = 4_096) {
        heads = PackedBytes(
            joining: Parallel.map(rows.count, chunk: chunk) { positions in
                var part = PackedBytes()
                for position in positions {
                    part.append {
                        ShardEntry.appendHead(number: rows.number(position), row: rows.row(position), to: &$0)
                    }
                }
                return part
            })
    }

    /// Appends the head of the record at `position` to `bytes`.
    func append(_ position: Int, to bytes: inout [UInt8]) { heads.append(position, to: &bytes) }

    /// The head of the record at `position`.
    subscript(position: Int) -> ArraySlice<UInt8> { heads[position] }
}
