import Foundation
import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsRender
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct FullTextTests {
    @Test func aNoteGivesEachWordStartOfEachTokenOnceInTheOrderItFirstOccurs() {
        let words = NoteWords.of("## Land\n\n(Vatnajökull)  d'Ivoire, d'Ivoire again\tVatnajökull land")
        #expect(
            words.map(\.key) == [
                "land", "vatnajokull)", "d'ivoire,", "ivoire,", "d'ivoire", "ivoire", "again", "vatnajokull",
            ])
        #expect(words.map(\.order) == [3, 8, 22, 22, 32, 32, 41, 47])
        #expect(words.allSatisfy { !$0.isCut })
        // White space collapses; the snippet is the text as written around the word's token.
        #expect(words[1].snippet == "## Land (Vatnajökull) d'Ivoire, d'Ivoire again Vatnajökull land")
    }

    @Test func aSnippetIsCutAtTokensWithAnEllipsisAtEachCutEnd() {
        let filler = (0..<60).map { "word\($0)" }.joined(separator: " ")
        let text = filler + " Vatnajökull " + filler
        let word = NoteWords.of(text).first { $0.key == "vatnajokull" }!
        #expect(word.snippet.hasPrefix("…") && word.snippet.hasSuffix("…"))
        let inner = word.snippet.dropFirst().dropLast()
        #expect(text.contains(inner) && inner.contains("Vatnajökull"))
        #expect(inner.unicodeScalars.count <= NoteWords.before + NoteWords.after)
        #expect(!inner.hasPrefix(" ") && !inner.hasSuffix(" ") && !inner.hasPrefix("ord"))
        #expect(NoteWords.of("Short note.").map(\.snippet) == ["Short note.", "Short note."])
    }

    /// A token of any length gives keys of at most `SearchKeys.maxKeyBytes` bytes, so a long note costs the
    /// index about its length: one token of 200,000 characters with 100,000 word starts gives a few dozen.
    @Test func aLongTokenGivesCutKeysAndCostsNoMoreThanItsLength() {
        let token = String(repeating: "a-", count: 100_000)
        let words = NoteWords.of(token)
        #expect(words.count <= SearchKeys.maxKeyBytes)
        #expect(words.allSatisfy { $0.key.utf8.count <= SearchKeys.maxKeyBytes })
        #expect(words.first?.isCut == true && words.last?.isCut == false)
        #expect(words.allSatisfy { $0.snippet.unicodeScalars.count <= NoteWords.before + NoteWords.after + 2 })
    }

    /// Seeded random records, each with field keys and note words over a small alphabet, planned under a small
    /// budget: every prefix of every key reaches the record, through the tree of nodes as `search.js` walks it
    /// (a leaf on the way, or a preview at the prefix that counts it and lists its first records);
    /// a leaf carries exactly the record's words that start with its prefix, a preview the first of them.
    @Test(arguments: [1, 2, 3]) func everyPrefixOfEveryKeyReachesItsRecord(seed: UInt64) {
        var random = SplitMix(state: seed)
        let letters = Array("abcé ")
        func word() -> [Unicode.Scalar] {
            Array(
                String((0..<Int.random(in: 1...6, using: &random)).map { _ in letters.randomElement(using: &random)! })
                    .trimmingCharacters(in: .whitespaces).unicodeScalars)
        }
        var keys: [TextPlanner.Key] = []
        var words: [[[Unicode.Scalar]]] = []
        for record in 0..<60 {
            var own: [[Unicode.Scalar]] = []
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let scalars = word()
                if scalars.isEmpty || own.contains(scalars) { continue }
                keys.append(
                    TextPlanner.Key(
                        record: Int32(record), scalars: scalars, isWhole: false, isCut: false, word: Int32(own.count)))
                own.append(scalars)
            }
            words.append(own)
            if Bool.random(using: &random) {
                keys.append(
                    TextPlanner.Key(record: Int32(record), scalars: word(), isWhole: true, isCut: false, word: -1))
            }
        }
        keys.removeAll { $0.scalars.isEmpty }
        let nodes = TextPlanner(budget: 400, previewSize: 3).plan(
            keys: keys, fixed: Array(repeating: 30, count: 60), wordBytes: words.map { $0.map { $0.count + 10 } },
            scores: (0..<60).map { $0 % 3 == 0 ? nil : Double($0) })
        #expect(nodes.contains { $0.kind == .preview } && nodes.contains { $0.kind == .leaf })
        let byPrefix = Dictionary(uniqueKeysWithValues: nodes.map { ($0.prefix, $0) })
        func starts(_ key: [Unicode.Scalar], _ prefix: [Unicode.Scalar]) -> Bool { key.starts(with: prefix) }
        for key in keys {
            for length in 1...key.scalars.count {
                let query = Array(key.scalars.prefix(length))
                var reached: TextPlanner.Node? = nil
                for depth in 1...length {
                    var prefix = String.UnicodeScalarView()
                    prefix.append(contentsOf: query.prefix(depth))
                    guard let node = byPrefix[String(prefix)] else { break }
                    reached = node
                    if node.kind == .leaf { break }
                }
                guard let node = reached else {
                    Issue.record("no shard for \(String(String.UnicodeScalarView(query)))")
                    continue
                }
                let matching = Set(
                    keys.filter { starts($0.scalars, Array(node.prefix.unicodeScalars)) }.map { Int($0.record) })
                #expect(node.total == matching.count)
                if node.kind == .leaf {
                    #expect(Set(node.entries.map(\.record)) == matching)
                } else {
                    #expect(node.prefix.unicodeScalars.count == length)
                    #expect(node.entries.count == min(3, matching.count))
                }
            }
        }
        for node in nodes {
            let prefix = Array(node.prefix.unicodeScalars)
            for entry in node.entries {
                let own = words[entry.record].indices.filter { starts(words[entry.record][$0], prefix) }
                #expect(entry.words == (node.kind == .leaf ? own : Array(own.prefix(1))))
            }
        }
    }

    /// The plain text of a note keeps its text and code, and leaves out raw HTML, even where notes may carry
    /// it: a snippet is made from it.
    @Test func aNotesPlainTextLeavesOutRawHTML() {
        let markdown =
            "# Title *here*\n\nText with `<b>code</b>` and <i>raw</i> &lt;tag&gt;.\n\n"
            + "<div>block</div>\n\n- one\n- two\n"
        for unsafe in [false, true] {
            #expect(
                Markdown(unsafe: unsafe).plainText(markdown)
                    == "Title here\nText with <b>code</b> and raw <tag>.\none\ntwo")
        }
    }
}
