import Testing

@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

@Suite struct OutputPathTests {
    /// The rule as written first: split into parts, none empty, none starting with a dot.
    func reference(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && !$0.hasPrefix(".")
        }
    }

    @Test func safePathsStayInsideTheOutputFolder() {
        for path in ["a.html", "a/b.html", "a.b/c", "é/ü.html", "a/b."] { #expect(OutputPath.isSafe(path), "\(path)") }
        for path in ["", "/a", "a/", "a//b", "./a", "a/../b", "..", ".hidden", "a/.b", "/"] {
            #expect(!OutputPath.isSafe(path), "\(path)")
        }
        var random = SplitMix(state: 3)
        let pieces = ["a", ".", "/", "é", "b"]
        for _ in 0..<5_000 {
            let path = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % 5)] }.joined()
            #expect(OutputPath.isSafe(path) == reference(path), "\(path)")
        }
    }
}
