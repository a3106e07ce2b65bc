import Foundation
import Testing

@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// `search.mode`: a query at each keystroke (the default) or on submit, which the pages' markup tells
/// search.js (`data-mode`), with a search button and the overlay that dims the page until a query runs.
@Suite struct SearchModeTests {
    let collections = CollectionsTests()

    static func yaml(mode: String?) -> String {
        CollectionsTests.siteYAML.replacingOccurrences(
            of: "search:\n  all: All\n", with: "search:\n  all: All\n" + (mode.map { "  mode: \($0)\n" } ?? ""))
    }

    @Test func anUnknownModeIsAnErrorAtItsLine() throws {
        try collections.expectLoadError(
            siteYAML: Self.yaml(mode: "on_enter"), atLineWith: "mode: on_enter",
            "expected 'as_you_type' or 'on_submit', found 'on_enter'")
    }

    @Test func onSubmitPagesCarryTheModeTheButtonAndTheOverlay() throws {
        let root = collections.project(siteYAML: Self.yaml(mode: nil))
        defer { removeTemporary(root) }
        func pages() throws -> [String] {
            try ["index.html", "cities/index.html", "countries/a.html", "continents/europe.html", "404.html"].map {
                try readText(root + "/Output/" + $0)
            }
        }
        _ = try collections.build(root)
        for page in try pages() {
            #expect(!page.contains("data-mode") && !page.contains("search-overlay") && !page.contains("<button"))
            #expect(page.contains(#"<p id="suggestions" class="empty" hidden>Did you mean: <span id="suggested">"#))
        }
        // Switching the mode re-renders every page, though no record changed.
        try Self.yaml(mode: "on_submit").write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        _ = try collections.build(root)
        for page in try pages() {
            #expect(page.contains(#"role="search" data-root=""#) && page.contains(#" data-mode="on_submit">"#))
            #expect(page.contains(#"<button type="submit">Search</button>"#))
            #expect(page.contains(#"<div id="search-overlay" hidden></div>"#))
        }
        try Self.yaml(mode: "as_you_type").write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        _ = try collections.build(root)
        #expect(try pages().allSatisfy { !$0.contains("data-mode") })
    }
}
