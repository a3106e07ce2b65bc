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

    /// Packed a chunk of records at a time on every core, then joined: packed in one loop, with an array
    /// made for each record's rank bytes and another for its levels, this was a noticeable part of the
    /// model's critical path.
    init(letters: [String], keys: [CollationKey]) {
        let ranks = Dictionary(
            uniqueKeysWithValues: Set(letters).sorted(by: SectionLetter.precedes).enumerated().map { ($1, UInt32($0)) })
        let parts = letters.withSharedElements { letters in
            keys.withSharedElements { keys in
                Parallel.map(keys.count, chunk: 16_384) { range -> (bytes: [UInt8], ends: [Int]) in
                    var part: (bytes: [UInt8], ends: [Int]) = ([], [])
                    part.ends.reserveCapacity(range.count)
                    for position in range {
                        Self.pack(rank: ranks[letters[position]]!, key: keys[position], to: &part.bytes)
                        part.ends.append(part.bytes.count)
                    }
                    return part
                }
            }
        }
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        offsets.reserveCapacity(keys.count + 1)
        for part in parts {
            let base = bytes.count
            bytes += part.bytes
            offsets += part.ends.lazy.map { $0 + base }
        }
    }

    /// A record's sort bytes: its section's rank, big-endian, then each level of its key.
    static func pack(rank: UInt32, key: CollationKey, to bytes: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: rank >> shift)) }
        func level(_ level: [UInt8]) {
            for byte in level { bytes.append(byte &+ 1) }  // UTF-8 and the case-shifted bytes stay below 0xFF
            bytes.append(0)
        }
        level(key.primary)
        level(key.secondary)
        level(key.tertiary)
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
