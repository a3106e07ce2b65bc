import WorldFactsModel
import WorldFactsSupport

/// The folded texts of some records, as a bucket's suffixes place them (`SearchKeys.Bucket`): the
/// scalars of each distinct text once, with the offsets of its later word starts, and, for every text of
/// the records in order, which distinct text it is. Records share many texts (at a million cities, the
/// time zones of 575k start with "america/"): each is decoded and its words found once, not once for
/// every record that has it, and the scalars that a bucket keeps are those of its distinct texts only.
struct DistinctTexts {
    /// The scalars of every distinct text, one after the other.
    private(set) var scalars: [Unicode.Scalar] = []
    /// By distinct text: where its scalars start in `scalars`, and how many it has.
    private var starts: [Int32] = []
    private var counts: [Int32] = []
    /// By distinct text: where its later word starts end in `wordStarts` (they begin where the previous
    /// text's end).
    private var wordEnds: [Int32] = []
    /// The offsets of the later word starts of each distinct text in it, text after text.
    private var wordStarts: [Int32] = []
    /// For every text of the records, in record order: its distinct text's number.
    private var numbers: [Int32] = []

    /// The texts of the records at `positions` (`keys.textRange(of:)`), numbered by their folded bytes.
    init(_ keys: SearchKeys, positions: some Collection<Int>) {
        let folded = keys.folded
        var texts = 0
        for position in positions { texts += keys.textRange(of: position).count }
        numbers.reserveCapacity(texts)
        precondition(folded.bytes.count < Int(Int32.max), "a scope's texts have more bytes than a text can place")
        let bytes = folded.bytes
        var table = TextInterner<UInt8>(capacity: texts)
        for position in positions {
            for text in keys.textRange(of: position) {
                let range = folded.range(of: text)
                let number = table.number(start: Int32(range.lowerBound), count: Int32(range.count), in: bytes)
                if number == starts.count { add(bytes[range]) }
                numbers.append(Int32(number))
            }
        }
        precondition(scalars.count < Int(Int32.max), "a scope's texts have more scalars than a suffix can place")
    }

    /// Numbers a text not seen before: decodes its bytes and finds its later word starts.
    private mutating func add(_ bytes: ArraySlice<UInt8>) {
        let start = scalars.count
        // Most folded texts are ASCII: a byte is then its scalar, with no string made to decode it.
        if bytes.allSatisfy({ $0 < 0x80 }) {
            for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        } else {
            scalars += String(decoding: bytes, as: UTF8.self).unicodeScalars
        }
        starts.append(Int32(start))
        counts.append(Int32(scalars.count - start))
        for offset in Folding.laterWordStartOffsets(scalars[start...]) { wordStarts.append(Int32(offset)) }
        wordEnds.append(Int32(wordStarts.count))
    }

    /// Every suffix (the whole text, then each later word start) of the texts numbered `numbers[texts]`,
    /// in order; a suffix's record is left for the bucket to number.
    /// Each suffix is cut to its first `SearchKeys.maxKeyBytes` bytes of UTF-8 (`keyCount`): the deepest
    /// prefix a shard can answer, so that planning a text costs no more than its number of words.
    func forEachSuffix(ofTexts texts: Range<Int>, _ body: (SearchKeys.Suffix) -> Void) {
        for text in texts {
            let number = Int(numbers[text])
            let (start, count) = (starts[number], counts[number])
            body(Self.suffix(start: start, count: count, kept: keyCount(start, count), isWhole: true))
            for word in Int(number == 0 ? 0 : wordEnds[number - 1])..<Int(wordEnds[number]) {
                let offset = wordStarts[word]
                let kept = keyCount(start + offset, count - offset)
                body(Self.suffix(start: start + offset, count: count - offset, kept: kept, isWhole: false))
            }
        }
    }

    /// A suffix of `count` scalars at `start`, of which its key keeps `kept`.
    private static func suffix(start: Int32, count: Int32, kept: Int32, isWhole: Bool) -> SearchKeys.Suffix {
        var suffix = SearchKeys.Suffix(record: 0, start: start, count: kept, isWhole: isWhole)
        suffix.isCut = kept < count
        return suffix
    }

    /// How many of the `count` scalars at `start` a key keeps: as many as fit `SearchKeys.maxKeyBytes`
    /// bytes of UTF-8. A key of at most a quarter of that many scalars fits whatever they are.
    func keyCount(_ start: Int32, _ count: Int32) -> Int32 {
        let limit = SearchKeys.maxKeyBytes
        guard Int(count) > limit / 4 else { return count }
        var bytes = 0, kept: Int32 = 0
        for scalar in scalars[Int(start)..<Int(start) + Int(count)] {
            bytes += UTF8.width(scalar)
            if bytes > limit { break }
            kept += 1
        }
        return kept
    }
}
