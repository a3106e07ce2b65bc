import WorldFactsSupport

/// Two versions of a file: how many bytes they share from their start, and from their end (the two
/// never overlap). Whatever lies in either is unchanged.
///
/// The old version is known by its pieces' hashes (`RecordsFilePieces`), so the shared ends are whole pieces:
/// from the start, each piece of the new file at the old one's place with the old one's hash; from the
/// end, likewise, each moved by the change in length.
struct UnchangedEnds: Sendable {
    let prefix: Int
    let suffix: Int
    /// The new file's length minus the old one's.
    let shift: Int
    let newCount: Int

    init(old: RecordsFilePieces, new: [UInt8]) {
        newCount = new.count
        let shift = new.count - old.byteCount
        self.shift = shift
        (prefix, suffix) = {
            let (cuts, hashes, count) = (old.cuts, old.hashes, new.count)
            // The shared start and the shared end are found at once, on two cores, each from its end of the
            // file. The end is found
            // as far as its pieces lie in the new file, then cut where it reaches into the shared start.
            let scans = Parallel.map(2) { side -> Int in
                if side == 0 {
                    var piece = 0
                    while piece < hashes.count, cuts[piece + 1] <= count,
                        BulkHash.of(new, cuts[piece]..<cuts[piece + 1]) == hashes[piece]
                    {
                        piece += 1
                    }
                    return piece
                }
                var back = hashes.count - 1
                while back >= 0, cuts[back] + shift >= 0,
                    BulkHash.of(new, cuts[back] + shift..<cuts[back + 1] + shift) == hashes[back]
                {
                    back -= 1
                }
                return back + 1
            }
            let prefix = cuts[scans[0]]
            // From the last piece back, none reaching into the shared start in either file.
            var first = max(scans[1], scans[0])
            while first < hashes.count, cuts[first] + shift < prefix { first += 1 }
            return (prefix, old.byteCount - (first < hashes.count ? cuts[first] : old.byteCount))
        }()
    }
}
