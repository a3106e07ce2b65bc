/// Where a run of bytes occurs in a larger one, with no unsafe code: each place is tried on the run's
/// first and last bytes before the rest is compared.
public enum ByteSearch {
    /// The places in `range` of `bytes` where `needle` starts, in order, at most `limit` of them (an
    /// empty needle is found nowhere).
    public static func places(
        of needle: ArraySlice<UInt8>, in bytes: [UInt8], within range: Range<Int>, limit: Int
    ) -> [Int] {
        guard let first = needle.first, let last = needle.last, needle.count <= range.count else { return [] }
        let span = needle.count - 1
        var places: [Int] = []
        var at = range.lowerBound
        let end = range.upperBound - span
        while at < end, places.count < limit {
            if bytes[at] == first, bytes[at + span] == last, bytes[at...at + span].elementsEqual(needle) {
                places.append(at)
            }
            at += 1
        }
        return places
    }

    /// The one place in `range` where `needle` starts; nil when it occurs there never or more than once.
    public static func onlyPlace(of needle: ArraySlice<UInt8>, in bytes: [UInt8], within range: Range<Int>) -> Int? {
        let found = places(of: needle, in: bytes, within: range, limit: 2)
        return found.count == 1 ? found[0] : nil
    }
}
