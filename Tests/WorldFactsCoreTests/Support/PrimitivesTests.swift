import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The safe faces of Support's unsafe primitives agree with the plain computations they stand for.
@Suite struct PrimitivesTests {
    static let texts = ["", "a", "Zürich", "e\u{301}", "a text longer than fifteen bytes, long enough", "😀 emoji"]

    @Test func aRangesHashIsTheHashOfItsBytes() {
        let bytes = Array(Self.texts.joined(separator: "|").utf8)
        for start in stride(from: 0, to: bytes.count, by: 7) {
            for end in [start, min(bytes.count, start + 1), min(bytes.count, start + 40), bytes.count] {
                #expect(BulkHash.of(bytes, start..<end) == BulkHash.of(Array(bytes[start..<end])))
            }
        }
        for text in Self.texts { #expect(BulkHash.of(utf8: text) == BulkHash.of(Array(text.utf8))) }
    }

    @Test func byteOrderIsLexicographicOrder() {
        let all = Self.texts.map { Array($0.utf8) } + [[0], [0, 0], [255], [1, 2, 3], [1, 2]]
        for a in all {
            for b in all {
                let order = ByteOrder.compare(a, b)
                #expect((order < 0) == a.lexicographicallyPrecedes(b), "\(a) \(b)")
                #expect((order == 0) == (a == b), "\(a) \(b)")
            }
        }
    }

    @Test func aStringMadeInPlaceHasTheBytesWritten() {
        let made = makeString(capacity: 12) { bytes in
            bytes.append("ab")
            bytes.append(UInt8(ascii: "c"))
            bytes[bytes.count + 2] = UInt8(ascii: "f")
            bytes[bytes.count + 1] = UInt8(ascii: "e")
            bytes[bytes.count] = UInt8(ascii: "d")
            bytes.skip(3)
            bytes.append("é" as StaticString)
        }
        #expect(made == "abcdefé")
        #expect(makeString(capacity: 4) { _ in } == "")
    }

    struct Odd: Error, Equatable { let position: Int }

    @Test func tryMapGivesEveryValueOrTheFirstFailure() throws {
        for count in [0, 1, 99, 100, 101, 1_000] {
            let values = try Parallel.tryMap(count, chunk: 100) { (position) throws(Odd) -> String in "\(position)" }
            #expect(values == (0..<count).map { "\($0)" })
        }
        // Failures in several chunks: the lowest position's is thrown, and the values made are let go.
        #expect(throws: Odd(position: 150)) {
            try Parallel.tryMap(1_000, chunk: 100) { (position) throws(Odd) -> String in
                if position == 150 || position == 420 || position == 999 { throw Odd(position: position) }
                return String(repeating: "x", count: 20 + position % 7)
            }
        }
    }

    @Test func aFilesReaderReadsWithinItsEnd() throws {
        var writer = BinaryWriter()
        writer.int(7)
        writer.string("seven")
        writer.uint64(0xFEED)
        let file = FileBytes(writer.bytes)
        let (number, text, rest) = file.withReader { reader in
            (try? reader.int(), try? reader.string(), try? reader.uint64())
        }
        #expect(number == 7 && text == "seven" && rest == 0xFEED)
        // A reader that ends before the last word does not read it.
        let cut = file.withReader(upTo: file.count - 1, at: file.count - 8) { reader in try? reader.uint64() }
        #expect(cut == nil)
        #expect(file.hash(0..<file.count) == BulkHash.Stream.of(writer.bytes))
        #expect(file.hasPrefix(Array(writer.bytes.prefix(3))) && !file.hasPrefix([0xFF]))
    }

    /// Narrow and trimmed arrays read back as written, over seeded arrays of every shape (empty, all zeros,
    /// zeros at either end, values past four bytes), and a trimmed array that does not fit its count is
    /// malformed.
    @Test(arguments: [20_261_205, 9]) func narrowAndTrimmedWordsReadBackAsWritten(seed: UInt64) {
        var random = SplitMix(state: seed)
        for _ in 0..<200 {
            let count = Int.random(in: 0...40, using: &random)
            let wide = Int.random(in: 0..<4, using: &random) == 0
            var ints = (0..<count).map { _ in
                Int.random(in: 0...(wide ? Int(UInt32.max) * 4 : 9), using: &random)
            }
            if count > 4, Bool.random(using: &random) {
                for position in 0..<Int.random(in: 0...count, using: &random) { ints[position] = 0 }
            }
            if count > 4, Bool.random(using: &random) { ints.reverse() }
            let words = ints.map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
            var writer = BinaryWriter()
            writer.narrowInts(ints)
            writer.trimmedInts(ints)
            writer.trimmedUInt64s(words)
            writer.int(-1)
            let file = FileBytes(writer.bytes)
            let read = file.withReader { reader in
                (
                    try? reader.narrowInts(), try? reader.trimmedInts(count: count),
                    try? reader.trimmedUInt64s(count: count), try? reader.int()
                )
            }
            #expect(read.0 == ints && read.1 == ints && read.2 == words && read.3 == -1)
            // Four bytes a value when every value fits them.
            var narrow = BinaryWriter()
            narrow.narrowInts(ints)
            #expect(narrow.bytes.count == 1 + 8 + (ints.allSatisfy { $0 <= UInt32.max } ? 4 : 8) * count)
            if ints.contains(where: { $0 != 0 }) {
                let tooShort = file.withReader { reader in
                    _ = try? reader.narrowInts()
                    return try? reader.trimmedInts(count: ints.lastIndex { $0 != 0 }!)
                }
                #expect(tooShort == nil)
            }
        }
        // All zeros: only the count of them.
        var writer = BinaryWriter()
        writer.trimmedUInt64s(Array(repeating: 0, count: 1_000))
        #expect(writer.bytes.count == 16)
        let read = FileBytes(writer.bytes).withReader { reader in try? reader.trimmedUInt64s(count: 1_000) }
        #expect(read == Array(repeating: 0, count: 1_000))
    }

    /// Words written beside another array read back as written, given that array: over seeded pairs that
    /// share runs of every length (shorter than a run worth writing, longer, at either end, all), zeros
    /// among them, and counts that differ. Runs written as bounds make the bytes fewer; read without the
    /// other array, or beside one of another count, they are malformed.
    @Test(arguments: [20_261_206, 3]) func wordsWrittenBesideOthersReadBackAsWritten(seed: UInt64) {
        var random = SplitMix(state: seed)
        for _ in 0..<300 {
            let count = Int.random(in: 0...60, using: &random)
            let other = (0..<count).map { _ in
                Int.random(in: 0...3, using: &random) == 0 ? 0 : Int.random(in: 1...9, using: &random)
            }
            var ints = other
            for position in ints.indices where Int.random(in: 0..<5, using: &random) == 0 {
                let wide = Bool.random(using: &random)
                ints[position] = Int.random(in: 0...(wide ? Int(UInt32.max) * 4 : 9), using: &random)
            }
            let besides: [Int]? = Int.random(in: 0..<6, using: &random) == 0 ? other + [1] : other
            let words = ints.map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
            let otherWords = besides.map { $0.map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 } }
            var writer = BinaryWriter()
            writer.trimmedInts(ints, besides: besides)
            writer.trimmedUInt64s(words, besides: otherWords)
            writer.int(-1)
            let file = FileBytes(writer.bytes)
            let read = file.withReader { reader in
                (
                    try? reader.trimmedInts(count: count, besides: besides),
                    try? reader.trimmedUInt64s(count: count, besides: otherWords), try? reader.int()
                )
            }
            #expect(read.0 == ints && read.1 == words && read.2 == -1)
            // The model of the runs: every stretch of at least four equal values, whole, and nothing else.
            let runs = SameRuns.of(ints, besides, shortest: 4)
            var expected: [Range<Int>] = []
            if besides?.count == count {
                var start = 0
                while start < count {
                    var end = start
                    while end < count, ints[end] == other[end] { end += 1 }
                    if end - start >= 4 { expected.append(start..<end) }
                    start = max(end, start + 1)
                }
            }
            #expect(runs == expected)
            var plain = BinaryWriter()
            plain.trimmedInts(SameRuns.without(ints, runs))
            plain.trimmedUInt64s(SameRuns.without(words, runs))
            #expect(writer.bytes.count == plain.bytes.count + 2 * (1 + 8 + 4 * 2 * runs.count) + 8)
            if !runs.isEmpty {
                let alone = file.withReader { reader in try? reader.trimmedInts(count: count, besides: nil) }
                let longer = file.withReader { reader in try? reader.trimmedInts(count: count, besides: other + [0]) }
                #expect(alone == nil && longer == nil)
            }
        }
    }

    /// Bounds of runs are read only when they are in order, apart, not empty and within the count.
    @Test func runsOutOfOrderOrPastTheCountAreMalformed() {
        #expect(SameRuns.runs(bounds: [0, 2, 4, 6], count: 6) == [0..<2, 4..<6])
        #expect(SameRuns.runs(bounds: [0, 2, 2, 6], count: 6) == [0..<2, 2..<6])
        for bounds in [[0], [0, 2, 1, 3], [3, 3], [4, 2], [0, 7], [-1, 2]] {
            #expect(SameRuns.runs(bounds: bounds, count: 6) == nil, "\(bounds)")
        }
        #expect(SameRuns.spliced([1, 2], [7, 7, 7, 7], runs: [1..<3]) == [1, 7, 7, 2])
        #expect(SameRuns.spliced([1], [7, 7, 7, 7], runs: [1..<3]) == nil)
    }

    @Test func packedStringsAreReadWhereTheyAre() {
        let packed = PackedBytes(texts: Self.texts)
        let read = packed.withStrings(1..<packed.count) { strings in strings.map { Array($0) } }
        #expect(read == Self.texts.dropFirst().map { Array($0.utf8) })
        var output: [UInt8] = []
        packed.append(2, to: &output)
        #expect(output == Array(Self.texts[2].utf8))
    }

    /// Runs of strings compared where they are agree with comparing them one by one: over seeded runs of
    /// two packings of nearly the same texts, where the same bytes cut another way must differ.
    @Test func runsOfStringsAreTheSameWhenEachStringIs() {
        var generator = SplitMix(state: 41)
        let words = ["", "a", "ab", "b", "ba", "Zürich", "e\u{301}"]
        let mine = (0..<60).map { _ in words.randomElement(using: &generator)! }
        let theirs = mine.map {
            Int.random(in: 0..<4, using: &generator) == 0 ? words.randomElement(using: &generator)! : $0
        }
        let (packed, theirPacked) = (PackedBytes(texts: mine), PackedBytes(texts: theirs))
        var differing = 0
        for _ in 0..<2_000 {
            let start = Int.random(in: 0...mine.count, using: &generator)
            let range = start..<Int.random(in: start...min(mine.count, start + 6), using: &generator)
            let shift = Int.random(in: -1...1, using: &generator)
            let low = min(theirs.count, max(0, range.lowerBound + shift))
            let other = low..<min(theirs.count, max(low, range.upperBound + shift))
            let expected = range.count == other.count && zip(range, other).allSatisfy { mine[$0] == theirs[$1] }
            #expect(packed.hasSameStrings(range, as: theirPacked, other) == expected, "\(range) \(other)")
            differing += expected ? 0 : 1
        }
        #expect(differing > 100)
        // "a" + "b" and "ab" + "": the same bytes, cut another way.
        #expect(!PackedBytes(texts: ["a", "b"]).hasSameStrings(0..<2, as: PackedBytes(texts: ["ab", ""]), 0..<2))
    }
}

extension PackedBytes {
    init(texts: [String]) {
        self.init()
        for text in texts { append { $0 += text.utf8 } }
    }
}
