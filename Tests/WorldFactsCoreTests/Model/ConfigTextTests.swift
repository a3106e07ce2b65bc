import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsTestSupport

/// A config's text names its types as the library's product: every "WorldFactsModel." replaced, byte for
/// byte. (Foundation's replacement compares characters: it leaves one followed by a combining mark, which
/// no type name is.)
@Suite struct ConfigTextTests {
    @Test(arguments: [20_261_205, 17]) func everyModuleNameIsReplaced(seed: UInt64) {
        var random = SplitMix(state: seed)
        let pieces = [
            "WorldFactsModel.", "WorldFactsModel", "WorldFacts", "W", "orldFactsModel.", "WorldFactsModel.Site",
            "Kit.", "é", "日本", "\u{301}", "\"", "\n", "(", ")", " ",
        ]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(
                Array(SiteConfig.named(text).utf8)
                    == Array(text.utf8).replacing(Array("WorldFactsModel.".utf8), with: Array("WorldFactsKit.".utf8)),
                "\(text)")
        }
        let reflected = String(reflecting: testConfig())
        #expect(testConfig().text == reflected.replacingOccurrences(of: "WorldFactsModel.", with: "WorldFactsKit."))
        #expect(testConfig().text.contains("WorldFactsKit.SiteConfig("))
        #expect(!testConfig().text.contains("WorldFactsModel."))
    }
}
