import Foundation
import Testing

@testable import WorldFactsTestSupport

/// docs/templates.md's country and city pages: each section's block is the shipped template's, and the
/// shipped template is the built-in record template with that one block more, as the docs say.
@Suite struct WorkedExampleTests {
    static func block(under heading: String) throws -> String {
        let docs = try readText(repoPath("docs/templates.md"))
        let section = try #require(docs.components(separatedBy: "## \(heading)\n").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        let blocks = section.matches(of: /```mustache\n([^`]*)```/).map { String($0.output.1) }
        try #require(blocks.count == 1, "\(heading)")
        return blocks[0]
    }

    /// A template's lines without its opening comment.
    static func uncommented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("{{!") }
            .joined(separator: "\n")
    }

    @Test(arguments: [
        ("A country page with a key-facts header", "countries"), ("A city page", "cities"),
    ])
    func theDocsBlockIsTheShippedTemplates(heading: String, collection: String) throws {
        let block = try Self.block(under: heading)
        let shipped = try readText(repoPath("Content/templates/record.\(collection).mustache"))
        #expect(shipped.contains(block), "\(heading)")
        let builtIn = try readText(repoPath("Templates/record.mustache"))
        #expect(
            Self.uncommented(shipped.replacingOccurrences(of: block, with: ""))
                == Self.uncommented(builtIn), "\(collection)")
    }
}
