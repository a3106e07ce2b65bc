import Dispatch
import Foundation
import WorldFactsSupport

/// Every record's section and collation key packed into one byte string, so that sorting compares
/// bytes with memcmp instead of copying keys: the section's rank (4 bytes), then the primary,
/// secondary and tertiary levels, each byte raised by one and each level ended by a zero, so a
/// shorter level sorts first, as `CollationKey` orders them. Equal strings fall back to the tie-break.
struct SortKeys {
    var bytes: [UInt8] = []
    var offsets: [Int] = [0]

    init(letters: [String], keys: [CollationKey]) {
        let ranks = Dictionary(
            uniqueKeysWithValues: Set(letters).sorted(by: SectionLetter.precedes).enumerated().map { ($1, $0) })
        bytes.reserveCapacity(keys.reduce(0) { $0 + $1.primary.count + $1.secondary.count + $1.tertiary.count + 7 })
        offsets.reserveCapacity(keys.count + 1)
        for (letter, key) in zip(letters, keys) {
            let rank = UInt32(ranks[letter]!)
            bytes.append(contentsOf: [
                UInt8(rank >> 24), UInt8(rank >> 16 & 0xFF), UInt8(rank >> 8 & 0xFF), UInt8(rank & 0xFF),
            ])
            for level in [key.primary, key.secondary, key.tertiary] {
                for byte in level { bytes.append(byte &+ 1) }  // UTF-8 and the case-shifted bytes stay below 0xFF
                bytes.append(0)
            }
            offsets.append(bytes.count)
        }
    }

    /// Record positions in index order, sorted on two cores (`Parallel.sortedIndices`).
    func order(tieBreaks: [String]) -> [Int] {
        bytes.withSharedElements { bytes in
            offsets.withSharedElements { offsets in
                tieBreaks.withSharedElements { tieBreaks in
                    Parallel.sortedIndices(offsets.count - 1) { a, b in
                        let (aStart, bStart) = (offsets[a], offsets[b])
                        let (aCount, bCount) = (offsets[a + 1] - aStart, offsets[b + 1] - bStart)
                        let base = bytes.baseAddress!
                        let order = memcmp(base + aStart, base + bStart, min(aCount, bCount))
                        if order != 0 { return order < 0 }
                        if aCount != bCount { return aCount < bCount }
                        return tieBreaks[a] < tieBreaks[b]
                    }
                }
            }
        }
    }
}
