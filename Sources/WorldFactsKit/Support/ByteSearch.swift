/// Where runs of bytes occur in a larger one, with no unsafe code. Each run is looked for by its rarest
/// byte (the one least often met in the first bytes searched): a page of HTML has a `<` every few bytes,
/// so trying each place on a run's first byte compared the rest at most of them.
public enum ByteSearch {
    /// For each of `needles`, the places in `range` of `bytes` where it starts, in order, at most `limit`
    /// of them (an empty needle is found nowhere). One pass over the range for them all.
    public static func places(
        of needles: [ArraySlice<UInt8>], in bytes: [UInt8], within range: Range<Int>, limit: Int
    ) -> [[Int]] {
        var places = [[Int]](repeating: [], count: needles.count)
        let sought = needles.indices.filter { !needles[$0].isEmpty && needles[$0].count <= range.count }
        guard !sought.isEmpty else { return places }
        var seen = [Int](repeating: 0, count: 256)
        for byte in bytes[range.prefix(Self.sample)] { seen[Int(byte)] += 1 }
        // By needle: how far into it its rarest byte is, and that byte.
        let pivots = sought.map { number in
            let needle = needles[number]
            let offset = needle.indices.min { seen[Int(needle[$0])] < seen[Int(needle[$1])] }!
            return (offset: offset - needle.startIndex, byte: needle[offset])
        }
        var isPivot = [Bool](repeating: false, count: 256)
        for pivot in pivots { isPivot[Int(pivot.byte)] = true }
        for at in range where isPivot[Int(bytes[at])] {
            for (number, pivot) in zip(sought, pivots) where pivot.byte == bytes[at] {
                let needle = needles[number]
                let start = at - pivot.offset
                guard start >= range.lowerBound, start + needle.count <= range.upperBound,
                    places[number].count < limit, bytes[start..<start + needle.count].elementsEqual(needle)
                else { continue }
                places[number].append(start)
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
}
