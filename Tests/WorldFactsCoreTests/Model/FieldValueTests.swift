import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// What a value shows, against a model of the rule: empty when every text it would write out is white
/// space or nothing.
@Suite struct FieldValueTests {
    @Test(arguments: [20_261_205, 3]) func aValueIsEmptyWhenEveryTextItWritesIsBlank(seed: UInt64) {
        var random = SplitMix(state: seed)
        let pieces = ["", " ", "\t", "\u{00A0}", "\u{3000}", "\n", "a", "é", "0", "-", " x "]
        func text() -> String {
            (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        var seen = (empty: 0, shown: 0)
        for _ in 0..<5_000 {
            let value: FieldValue
            switch Int.random(in: 0...4, using: &random) {
            case 0: value = .missing
            case 1: value = .text(text())
            case 2: value = .integer(Int.random(in: -1_000...1_000, using: &random))
            case 3: value = .decimal([0, -0.5, .nan, .infinity, 1e300].randomElement(using: &random)!)
            default: value = .list((0..<Int.random(in: 0...3, using: &random)).map { _ in text() })
            }
            // The model: the texts the value is written as, each trimmed of white space by Unicode's rule.
            var written: [String] = []
            value.forEachText { written.append($0) }
            let blank = written.allSatisfy { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
            #expect(value.isEmpty == blank, "\(value)")
            if blank { seen.empty += 1 } else { seen.shown += 1 }
        }
        #expect(seen.empty > 500 && seen.shown > 500)
    }
}
