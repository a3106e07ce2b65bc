import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// `ByteSearch` against a plain model: every place where a needle's bytes equal the haystack's, over
/// seeded random bytes of a small alphabet (so that runs repeat and overlap), a few needles at once
/// (some empty, some alike), within random ranges.
@Suite struct ByteSearchTests {
    @Test func placesAreThoseAPlainComparisonFinds() {
        var random = SplitMix(state: 2026_12_06)
        var found = 0
        for _ in 0..<2_000 {
            let bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(random.next() % 3) }
            let needles = (0..<Int(random.next() % 4)).map { _ -> ArraySlice<UInt8> in
                let length = Int(random.next() % 5)
                guard !bytes.isEmpty, random.next() % 4 != 0 else {
                    return ArraySlice((0..<length).map { _ in UInt8(random.next() % 3) })
                }
                let start = Int(random.next() % UInt64(bytes.count))
                return bytes[start..<min(bytes.count, start + length)]
            }
            let lower = Int(random.next() % UInt64(bytes.count + 1))
            let upper = lower + Int(random.next() % UInt64(bytes.count - lower + 1))
            let models = needles.map { needle in
                needle.isEmpty
                    ? []
                    : (lower..<upper).filter {
                        $0 + needle.count <= upper && bytes[$0..<$0 + needle.count].elementsEqual(needle)
                    }
            }
            let limit = 1 + Int(random.next() % 3)
            #expect(
                ByteSearch.places(of: needles, in: bytes, within: lower..<upper, limit: limit)
                    == models.map { Array($0.prefix(limit)) })
            #expect(
                ByteSearch.onlyPlaces(of: needles, in: bytes, within: lower..<upper)
                    == models.map { $0.count == 1 ? $0[0] : nil })
            found += models.joined().count
        }
        #expect(found > 1_000)
    }
}
