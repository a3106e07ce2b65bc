/// Two versions of a file: how many bytes they share from their start, and from their end (the two
/// never overlap). Whatever lies in either is unchanged.
///
/// The old version is known by its pieces' hashes (`PieceHashes`), so the shared ends are whole pieces:
/// from the start, each piece of the new file at the old one's place with the old one's hash; from the
/// end, likewise, each moved by the change in length.
struct SharedEnds: Sendable {
    let prefix: Int
    let suffix: Int
    /// The new file's length minus the old one's.
    let shift: Int
    let newCount: Int

    init(old: PieceHashes, new: [UInt8]) {
        newCount = new.count
        let shift = new.count - old.byteCount
        self.shift = shift
        (prefix, suffix) = new.withUnsafeBytes { raw in
            let new = PieceHashes.Hashed(raw)
            let cuts = old.cuts
            var piece = 0
            while piece < old.hashes.count, cuts[piece + 1] <= raw.count,
                new.hash(cuts[piece]..<cuts[piece + 1]) == old.hashes[piece]
            {
                piece += 1
            }
            let prefix = cuts[piece]
            // From the last piece back, none reaching into the shared start in either file.
            var start = old.byteCount
            var back = old.hashes.count - 1
            while back >= piece, cuts[back] + shift >= prefix,
                new.hash(cuts[back] + shift..<cuts[back + 1] + shift) == old.hashes[back]
            {
                start = cuts[back]
                back -= 1
            }
            return (prefix, old.byteCount - start)
        }
    }
}
