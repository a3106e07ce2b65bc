import Testing

@testable import WorldFactsSearch
@testable import WorldFactsTestSupport

@Suite struct TextInternerTests {
    /// Random texts from a small alphabet, many of them equal, some prefixes of others, numbered as a
    /// dictionary keyed by the texts numbers them: in the order they are first seen, equal texts alike.
    @Test func numbersTextsAsADictionaryWould() {
        var random = SplitMix(state: 15)
        let alphabet: [Unicode.Scalar] = ["a", "b", "é", "/", " ", "\u{4E2D}"]
        var scalars: [Unicode.Scalar] = []
        var places: [(start: Int32, count: Int32)] = []
        for _ in 0..<5000 {
            let count = Int.random(in: 0...4, using: &random)
            places.append((Int32(scalars.count), Int32(count)))
            for _ in 0..<count { scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)]) }
        }
        var reference: [ArraySlice<Unicode.Scalar>: Int] = [:]
        var expected: [Int] = []
        for place in places {
            let text = scalars[Int(place.start)..<Int(place.start + place.count)]
            if reference[text] == nil { reference[text] = reference.count }
            expected.append(reference[text]!)
        }
        var numbers = TextInterner<Unicode.Scalar>(capacity: places.count)
        let numbered = places.map { numbers.number(start: $0.start, count: $0.count, in: scalars) }
        #expect(numbers.count == reference.count)
        // Counted, not compared whole: a failure prints how many differ, not five thousand numbers.
        #expect(numbered.count == expected.count)
        #expect(zip(numbered, expected).filter { $0 != $1 }.count == 0)
        // Enough distinct texts that the table had to probe past taken slots.
        #expect(reference.count > 500)
    }

    /// Texts that differ only in order or in one scalar get different numbers.
    @Test func nearTextsAreTold() {
        let scalars: [Unicode.Scalar] = ["a", "b", "b", "a", "a", "b", "a"]
        var table = TextInterner<Unicode.Scalar>(capacity: 4)
        let numbers = [(0, 2), (2, 2), (4, 2), (3, 2)].map { table.number(start: $0, count: $1, in: scalars) }
        #expect(numbers == [0, 1, 0, 2])
    }
}
