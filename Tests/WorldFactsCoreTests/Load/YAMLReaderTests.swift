import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsTestSupport

/// A key's path without its list indexes (`YAMLReader.withoutIndexes`) is what the regular expression
/// `\[[0-9]+\]` replaced by `[]` gives, over seeded random paths of brackets, digits, dots and letters.
@Suite struct YAMLReaderTests {
    @Test func indexesLeaveAPathAsTheRegularExpressionDid() {
        var random = SplitMix(state: 2026_12_06)
        let pieces = ["[", "]", "0", "12", "a", ".", "[3]", "[]", "é", "x[", "]]"]
        var changed = 0
        for _ in 0..<3_000 {
            let path = (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            let model = path.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression)
            #expect(YAMLReader.withoutIndexes(path) == model, "\(path)")
            if model != path { changed += 1 }
        }
        #expect(changed > 300)
        #expect(YAMLReader.withoutIndexes("collections[3].fields[10].id") == "collections[].fields[].id")
    }
}
