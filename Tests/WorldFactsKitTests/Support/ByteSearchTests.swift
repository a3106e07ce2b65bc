import Testing

@testable import WorldFactsSupport

/// `ByteSearch` against a plain model: every place where the needle's bytes equal the haystack's, over
/// seeded random bytes of a small alphabet (so that runs repeat and overlap), within random ranges.
@Suite struct ByteSearchTests {
    @Test func placesAreThoseAPlainComparisonFinds() {
        var random = SplitMix(state: 2026_12_06)
        var found = 0
        for _ in 0..<2_000 {
            let bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(random.next() % 3) }
            let length = Int(random.next() % 5)
            let start = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            let needle =
                bytes.isEmpty || random.next() % 4 == 0
                ? ArraySlice((0..<length).map { _ in UInt8(random.next() % 3) })
                : bytes[start..<min(bytes.count, start + length)]
            let lower = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
            let upper = lower + Int(random.next() % UInt64(bytes.count - lower + 1))
            let model =
                needle.isEmpty
                ? []
                : (lower..<upper).filter {
                    $0 + needle.count <= upper && bytes[$0..<$0 + needle.count].elementsEqual(needle)
                }
            let limit = 1 + Int(random.next() % 3)
            #expect(
                ByteSearch.places(of: needle, in: bytes, within: lower..<upper, limit: limit)
                    == Array(model.prefix(limit)))
            #expect(
                ByteSearch.onlyPlace(of: needle, in: bytes, within: lower..<upper)
                    == (model.count == 1 ? model[0] : nil))
            found += model.count
        }
        #expect(found > 1_000)
    }
}
