import WorldFactsSupport

/// What a load keeps of a records file instead of its bytes: the file cut into pieces (one per record,
/// with what lies between records, and the header or the array's opening before them) and the
/// `BulkHash` of each. The next load compares the new file with it a piece at a time (`UnchangedEnds`).
///
/// It is a small fraction of the file's bytes, so a build's snapshot neither reads nor
/// writes the records files a second time. Two pieces of the same length whose bytes differ in one
/// 8-byte word never share a hash (each word is mixed in by a bijection); beyond that, telling two
/// different pieces apart is as sure as a 64-bit hash, as the build's sources digest is.
public struct RecordsFilePieces: Sendable, Equatable {
    /// Where each piece starts, then the file's length: piece `i` is `cuts[i]..<cuts[i + 1]`.
    let cuts: [Int]
    let hashes: [UInt64]

    /// The file's length in bytes.
    var byteCount: Int { cuts.last ?? 0 }

    /// The pieces of `bytes` that start at `starts` (rising, within the file; a piece from 0 is added
    /// before them when they do not start there), hashed on every core.
    init(bytes: [UInt8], starts: some Sequence<Int>) {
        let cuts = Self.cuts(of: bytes, at: starts)
        let ranges = cuts
        self.cuts = cuts
        hashes = Parallel.map(ranges.count - 1, chunk: 4_096) { pieces in
            pieces.map { BulkHash.of(bytes, ranges[$0]..<ranges[$0 + 1]) }
        }.flatMap { $0 }
    }

    /// The pieces of `bytes` as `init(bytes:starts:)` cuts them, where `old` are the pieces of the file
    /// before an edit and `ends` what the two share: a piece that lies in the shared start or end, and
    /// that was a piece of the old file there, keeps its old hash; only the others are hashed.
    init(bytes: [UInt8], starts: some Sequence<Int>, reusing old: RecordsFilePieces, ends: UnchangedEnds) {
        let cuts = Self.cuts(of: bytes, at: starts)
        self.cuts = cuts
        let (pieces, oldPieces) = (cuts.count - 1, old.hashes.count)
        let suffixStart = ends.newCount - ends.suffix
        hashes = (0..<pieces).map { piece in
            let (start, end) = (cuts[piece], cuts[piece + 1])
            if end <= ends.prefix, piece < oldPieces, old.cuts[piece] == start, old.cuts[piece + 1] == end {
                return old.hashes[piece]
            }
            let moved = piece + oldPieces - pieces
            if start >= suffixStart, moved >= 0, moved < oldPieces, old.cuts[moved] + ends.shift == start,
                old.cuts[moved + 1] + ends.shift == end
            {
                return old.hashes[moved]
            }
            return BulkHash.of(bytes, start..<end)
        }
    }

    /// Where the pieces of `bytes` that start at `starts` begin, then the file's length.
    private static func cuts(of bytes: [UInt8], at starts: some Sequence<Int>) -> [Int] {
        var cuts = [0]
        for start in starts where start > cuts.last! && start < bytes.count { cuts.append(start) }
        if !bytes.isEmpty { cuts.append(bytes.count) }
        return cuts
    }

    /// Pieces read back from a snapshot; nil unless the cuts rise from 0 and there is a hash per piece.
    init?(cuts: [Int], hashes: [UInt64]) {
        guard cuts.first == 0, cuts.count == hashes.count + 1, zip(cuts, cuts.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        self.cuts = cuts
        self.hashes = hashes
    }
}
