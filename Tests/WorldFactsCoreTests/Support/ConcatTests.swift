import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct ConcatTests {
    static let pieces = [
        "", "a", "../", "cities", "/", "1000006", ".html", "Zürich", "日本語", "#", "x-y", "— ",
        String(repeating: "é", count: 20),
    ]

    /// Every way of joining up to six pieces gives what `+` gives: small and large results, multi-byte
    /// text, empty parts anywhere.
    @Test func sameAsPlus() {
        var random = SplitMix(state: 3)
        for _ in 0..<5_000 {
            let parts = (0..<6).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            let joined = concat(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
            #expect(joined == parts.joined())
            #expect(concat(parts[0], parts[1]) == parts[0] + parts[1])
            #expect(concat(parts[0], parts[1], parts[2]) == parts[0] + parts[1] + parts[2])
        }
    }

    /// The two-part `joinPath` is the general one: empty parts, a part from the root, a folder with and
    /// without its slash.
    @Test func twoPartJoinPathIsTheGeneralOne() {
        let parts = ["", "out", "out/", "/abs", "cities/1.html", "/", "a/b/"]
        for a in parts {
            for b in parts {
                #expect(joinPath(a, b) == joinPath(a, b, ""), "\(a) + \(b)")
            }
        }
    }

    @Test func pagePathsAreMadeInOnePiece() {
        #expect(RecordCollection.pagePath(folder: "cities", slug: "1000006") == "cities/1000006.html")
        #expect(RecordCollection.pagePath(folder: "länder", slug: "zürich") == "länder/zürich.html")
    }
}
