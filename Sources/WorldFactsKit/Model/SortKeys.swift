import Dispatch
import Foundation
import WorldFactsSupport

/// Every record's bucket and ICU sort key packed into one byte string, so that sorting compares bytes with
/// memcmp instead of copying keys: the bucket's number (4 bytes, big-endian), then the sort key with its
/// final 0. Equal strings fall back to the tie-break (the record's key).
struct SortKeys {
    var bytes: [UInt8] = []
    var offsets: [Int] = [0]

    /// Made a chunk of records at a time on every core, then joined.
    init(count: Int, collation: Collation, title: @Sendable (Int) -> String) {
        let parts = Parallel.map((count + 16_383) / 16_384) { chunk -> (bytes: [UInt8], ends: [Int], buckets: [Int]) in
            let range = chunk * 16_384..<min(count, (chunk + 1) * 16_384)
            var part: (bytes: [UInt8], ends: [Int], buckets: [Int]) = ([], [], [])
            part.ends.reserveCapacity(range.count)
            part.buckets.reserveCapacity(range.count)
            for position in range {
                let text = title(position)
                let bucket = collation.bucket(of: text)
                Self.pack(bucket: UInt32(bucket), key: collation.sortKey(text), to: &part.bytes)
                part.ends.append(part.bytes.count)
                part.buckets.append(bucket)
            }
            return part
        }
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        offsets.reserveCapacity(count + 1)
        buckets.reserveCapacity(count)
        for part in parts {
            let base = bytes.count
            bytes += part.bytes
            offsets += part.ends.lazy.map { $0 + base }
            buckets += part.buckets
        }
    }

    /// Each record's bucket, by loaded position.
    var buckets: [Int] = []

    /// A record's sort bytes: its bucket, big-endian, then its sort key.
    static func pack(bucket: UInt32, key: [UInt8], to bytes: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bucket >> shift)) }
        bytes += key
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
