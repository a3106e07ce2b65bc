import Testing

@testable import WorldFactsModel
@testable import WorldFactsTestSupport

/// A table of names by code answers as a dictionary of the same pairs would, whatever its size and order.
@Suite struct CodeNamesTableTests {
    @Test(arguments: 0..<20) func answersAsADictionary(seed: UInt64) {
        var random = SplitMix(state: seed)
        let letters = Array("abcxyzÅé")
        func code() -> String {
            String((0..<Int.random(in: 0...3, using: &random)).map { _ in letters.randomElement(using: &random)! })
        }
        let pairs = (0..<Int.random(in: 0...60, using: &random)).map { _ in (code: code(), name: code() + "!") }
        var model: [String: String] = [:]
        for (code, name) in pairs { model[code] = name }
        let table = CodeNames(pairs)
        #expect(table.codes == table.codes.sorted() && table.codes.count == model.count)
        for probe in (0..<200).map({ _ in code() }) + pairs.map(\.code) {
            #expect(table[probe[...]] == model[probe], "\(probe)")
        }
    }

    /// `over`: this table's name, else the filler's, else the other table's; every code of both.
    @Test func overPrefersItsOwnThenTheFillThenTheOther() {
        let own = CodeNames([("a", "own a")])
        let other = CodeNames([("a", "other a"), ("b", "other b"), ("c", "other c")])
        let merged = own.over(other) { $0 == "b" ? "filled b" : nil }
        #expect(merged.codes == ["a", "b", "c"])
        #expect(merged.names == ["own a", "filled b", "other c"])
    }
}
