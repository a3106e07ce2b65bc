import Foundation

/// Where runs of bytes occur in a larger one. Each run is looked for by its rarest byte (the one least
/// often met in the first bytes searched), and the places of that byte are found with `memchr`: a page of
/// HTML has a `<` every few bytes, so trying each place on a run's first byte compared the rest at most of
/// them, and a loop that asked of every byte whether it was a run's spent two nanoseconds a byte on the
/// complete lists an edit splices (`RowSplice`), hundreds of kilobytes each.
public enum ByteSearch {
    /// For each of `needles`, the places in `range` of `bytes` where it starts, in order, at most `limit`
    /// of them (an empty needle is found nowhere). One pass over the range for each distinct rarest byte.
    public static func places(
        of needles: [ArraySlice<UInt8>], in bytes: [UInt8], within range: Range<Int>, limit: Int
    ) -> [[Int]] {
        var places = [[Int]](repeating: [], count: needles.count)
        let sought = needles.indices.filter { !needles[$0].isEmpty && needles[$0].count <= range.count }
        guard !sought.isEmpty, limit > 0 else { return places }
        var seen = [Int](repeating: 0, count: 256)
        for byte in bytes[range.prefix(Self.sample)] { seen[Int(byte)] += 1 }
        // By rarest byte: the needles it is the rarest byte of, each with how far into it that byte is.
        var byPivot: [UInt8: [(number: Int, offset: Int)]] = [:]
        for number in sought {
            let needle = needles[number]
            let offset = needle.indices.min { seen[Int(needle[$0])] < seen[Int(needle[$1])] }!
            byPivot[needle[offset], default: []].append((number, offset - needle.startIndex))
        }
        for (pivot, members) in byPivot {
            eachPlace(of: pivot, in: bytes, within: range) { at in
                for (number, offset) in members where places[number].count < limit {
                    let needle = needles[number]
                    let start = at - offset
                    guard start >= range.lowerBound, start + needle.count <= range.upperBound,
                        bytes[start..<start + needle.count].elementsEqual(needle)
                    else { continue }
                    places[number].append(start)
                }
                return members.contains { places[$0.number].count < limit }
            }
        }
        return places
    }

    /// How many bytes of the range tell which bytes are rare.
    static let sample = 4_096

    /// For each of `needles`, the one place in `range` where it starts; nil for a needle found there never
    /// or more than once.
    public static func onlyPlaces(of needles: [ArraySlice<UInt8>], in bytes: [UInt8], within range: Range<Int>)
        -> [Int?]
    {
        places(of: needles, in: bytes, within: range, limit: 2).map { $0.count == 1 ? $0[0] : nil }
    }

    /// Calls `body` with each place in `range` of `bytes` that holds `byte`, in order, while it returns true.
    static func eachPlace(of byte: UInt8, in bytes: [UInt8], within range: Range<Int>, _ body: (Int) -> Bool) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range within the bytes")
        // SAFETY: the buffer lives for the call, `range` lies within it (checked above), and each `memchr`
        // reads from a place in the range to the range's end, no further; a place it gives is within them.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var at = range.lowerBound
            while at < range.upperBound,
                let found = memchr(base + at, Int32(byte), range.upperBound - at)
            {
                let place = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                guard body(place) else { return }
                at = place + 1
            }
        }
    }
}
