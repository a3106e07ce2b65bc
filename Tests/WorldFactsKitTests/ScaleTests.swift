import Foundation
import Testing
@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsMustache
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsWatch
@testable import WorldFactsWrite

/// The shortcuts large sites take must give exactly what the plain way gives: records read in
/// parallel, the packed sort, page fingerprints taken from inputs, shards kept by bucket.
@Suite struct ParallelRecordsTests {
    let loader = RecordsLoader(config: testConfig(), file: "records.json")

    /// Records with every kind of problem spread through a file large enough to be read in parallel.
    func bigFile(seed: UInt64) -> String {
        var random = DifferentialFoldingTests.SplitMix(state: seed)
        var lines: [String] = []
        for n in 0..<(RecordsLoader.parallelAbove + 3_000) {
            let name = ["Alpha", "Bêta, \\\"quoted\\\"", "[bracket] {brace}", "Ω \\u00e9", "Zulu"][Int(random.next() % 5)]
            switch random.next() % 40 {
            case 0: lines.append(#"{"id": "dup", "name": "Dup \#(n)"}"#)  // a duplicate key from the second on
            case 1: lines.append(#"{"id": "w\#(n)", "name": "Wrong", "population": "many"}"#)
            case 2: lines.append(#"{"name": "No key \#(n)"}"#)
            case 3: lines.append(#"  "not an object""#)
            case 4: lines.append(RecordReaderTests.shapes[Int(random.next() % UInt64(RecordReaderTests.shapes.count))]
                                    .replacingOccurrences(of: "KEY", with: "s\(n)"))
            default:
                lines.append(#"{"id": "r\#(n)", "name": "\#(name) \#(n)", "population": \#(random.next() % 100000), "#
                             + #""area": \#(Double(random.next() % 1000) / 10), "tags": ["a", "]", ","], "next_to": []}"#)
            }
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    @Test func givesWhatReadingInOrderGives() throws {
        for seed: UInt64 in [1, 2, 3] {
            let bytes = Array(bigFile(seed: seed).utf8)
            let starts = try #require(JSONParser.elementStarts(bytes))
            #expect(starts.count == RecordsLoader.parallelAbove + 3_000)
            let parallel = try #require(loader.loadInParallel(bytes: bytes, starts: starts))
            let inOrder = loader.loadInOrder(bytes: bytes)
            #expect(parallel.0 == inOrder.0)
            #expect(parallel.1 == inOrder.1)
            #expect(inOrder.1.contains { $0.message.contains("duplicate key") })
            #expect(inOrder.0.count > RecordsLoader.parallelAbove)
        }
    }

    @Test func aSyntaxErrorIsReportedAsReadingInOrderReportsIt() throws {
        let text = bigFile(seed: 4)
        let broken = [
            text.replacingOccurrences(of: #""name": "Wrong""#, with: #""name": "Wrong" "extra": 1"#),  // a missing comma
            text.replacingOccurrences(of: #""area": "#, with: #""area" "#),                             // a missing colon
            String(text.dropLast(3)),                                                          // no closing bracket
            text.replacingOccurrences(of: "\n]", with: ",\n]"),                                // a trailing comma
        ]
        for variant in broken where variant != text {
            let bytes = Array(variant.utf8)
            let (records, diagnostics) = loader.load(bytes: bytes)
            let inOrder = loader.loadInOrder(bytes: bytes)
            #expect(records == inOrder.0)
            #expect(diagnostics == inOrder.1)
            #expect(diagnostics.contains { $0.message.hasPrefix("malformed JSON") }, "\(diagnostics.prefix(3))")
        }
    }

    @Test func elementStartsSkipBracketsInsideStrings() throws {
        let bytes = Array(#"[ {"a": "]}\"[,"}, [1, [2]] ,"x\\", 3 ]"#.utf8)
        let starts = try #require(JSONParser.elementStarts(bytes))
        #expect(starts.map(\.index) == [2, 19, 29, 36])
        #expect(JSONParser.elementStarts(Array(#"[1,,2]"#.utf8)) == nil)
        #expect(JSONParser.elementStarts(Array(#"[1 2]"#.utf8)) == nil)
        #expect(JSONParser.elementStarts(Array(#"[1] x"#.utf8)) == nil)
        #expect(JSONParser.elementStarts(Array(#"{"a": 1}"#.utf8)) == nil)
    }
}

@Suite struct SortKeysTests {
    @Test func sortAsSectionsThenCollationKeys() {
        var random = DifferentialFoldingTests.SplitMix(state: 9)
        let pieces = ["a", "A", "á", "Å", "b", "é", "E", "ß", "ss", "1", " ", "-", "'", "Ω", "ø", "z", "Z", "ǆ", "ﬁ", "日"]
        let titles = (0..<3_000).map { _ in (0..<Int(1 + random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined() }
        let keys = titles.indices.map { "k\($0 % 7)" }  // ties on purpose: the key breaks them
        let letters = titles.map(SectionLetter.of(title:))
        let collation = zip(titles, keys).map { CollationKey(title: $0, tieBreak: $1) }
        let expected = titles.indices.sorted { a, b in
            if letters[a] != letters[b] { return SectionLetter.precedes(letters[a], letters[b]) }
            return collation[a] < collation[b]
        }
        let packed = SortKeys(letters: letters, keys: collation).order(tieBreaks: keys)
        // Equal titles with equal keys may come in either order; compare what each position holds.
        #expect(packed.map { titles[$0] + "|" + keys[$0] } == expected.map { titles[$0] + "|" + keys[$0] })
    }
}

@Suite struct RecordInputsTests {
    /// The shipped content, changed by `edit`, modelled.
    func site(_ edit: (inout Content) -> Void = { _ in }) throws -> Site {
        var content = try ContentLoader(folder: repoPath("Content")).load()
        edit(&content)
        return try SiteModeler().model(content)
    }

    /// Record key → (context fingerprint, input fingerprint) of its page.
    func fingerprints(_ site: Site) -> [String: (context: String, inputs: String)] {
        let contexts = PageContexts(site: site)
        let base = contexts.recordInputsBase(templates: "t")
        var result: [String: (String, String)] = [:]
        for position in site.records.indices {
            result[site.records[position].key] = (
                ContextFingerprint.of(templates: "t", template: "record", context: contexts.record(position)),
                contexts.recordInputs(position, base: base))
        }
        if site.isIndexSplit {
            for position in site.sections.indices {
                result["section " + site.sections[position].letter] = (
                    ContextFingerprint.of(templates: "t", template: "index", context: contexts.sectionPage(position)),
                    contexts.sectionPageInputs(position, templates: "t"))
            }
        }
        return result
    }

    func position(_ code: String, _ content: Content) -> Int { content.records.firstIndex { $0.key == code }! }

    /// Whenever a page's context changes, its input fingerprint changes; and it changes for few others.
    @Test(arguments: [false, true]) func changeWheneverTheContextChanges(split: Bool) throws {
        let splitting = { (content: inout Content) in if split { content.config.index.splitAbove = 10 } }
        let original = fingerprints(try site(splitting))
        let field = { (id: String, content: Content) in content.config.fields.firstIndex { $0.id == id }! }
        let edits: [(String, (inout Content) -> Void)] = [
            ("a population", { $0.records[self.position("IS", $0)].values[field("population", $0)] = .integer(1) }),
            ("a title", { $0.records[self.position("NO", $0)].title = "Norway (edited)" }),
            ("a title that moves the record", { $0.records[self.position("NO", $0)].title = "Aaland" }),
            ("a link's target", { $0.records[self.position("FR", $0)].title = "France (edited)" }),
            ("a link", { $0.records[self.position("ES", $0)].values[field("neighbours", $0)] = .list(["PT", "XX"]) }),
            ("a note", { $0.notes.append(Note(name: "IS", file: "IS.md", markdown: "*New*")) }),
            ("an edited note", { if !$0.notes.isEmpty { $0.notes[0].markdown += "\nMore." } }),
            ("a label", { $0.config.fields[field("population", $0)].label = "People" }),
            ("a unit", { $0.config.fields[field("area_km2", $0)].unit = "sq km" }),
            ("a string", { $0.config.strings.previous = "Before" }),
            ("the site title", { $0.config.title = "Other" }),
            ("a removed record", { $0.records.remove(at: self.position("DE", $0)) }),
            ("the pages folder", { $0.config.records.pagesFolder = "c/x" }),
            ("the split index", { $0.config.index.splitAbove = split ? 100_000 : 10 }),
        ]
        for (name, edit) in edits {
            let edited = fingerprints(try site { splitting(&$0); edit(&$0) })
            var contextsChanged = 0, inputsChanged = 0
            for (key, now) in edited {
                guard let before = original[key] else { continue }
                if now.context != before.context {
                    contextsChanged += 1
                    #expect(now.inputs != before.inputs, "\(name): the page of \(key) shows something new but its input fingerprint did not change")
                }
                if now.inputs != before.inputs { inputsChanged += 1 }
            }
            #expect(contextsChanged > 0 || edited.count != original.count, "\(name) changed no page: the edit is not a test")
            if name == "a population" { #expect(inputsChanged == (split ? 2 : 1), "its page, and its section's page") }
        }
    }
}

@Suite struct LeftoversTests {
    final class Tracked {}

    @Test func areFreedOnAnotherThread() async throws {
        let tracked = Tracked()
        weak let watched = tracked
        Leftovers.free(consume tracked)
        for _ in 0..<200 where watched != nil { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(watched == nil, "what a build leaves is freed, not kept")
    }
}

/// The direct reader must give the record the tree parser and validation give, or leave the element to
/// them: every shape below is also read both ways in `ParallelRecordsTests`, inside a large file.
@Suite struct RecordReaderTests {
    /// Plain records, which the reader reads itself.
    static let plain = [
        #"{"id": "KEY", "name": "Plain", "population": 12, "area": 1.5, "tags": ["a", "b"], "next_to": []}"#,
        #"{"id": "KEY", "name": "Ünïcødé 日本", "capital": "Zürich", "population": 0, "area": 0}"#,
        #"{"name": "Key last", "id": "KEY", "population": null, "area": -0.0e0}"#,
        #"{"id": "KEY",\#n  "name": "Lines and tabs" ,\#r\#n\#t"area" : 1E+2 , "population": 99}"#,
        #"{"id": "KEY", "name": "Big", "population": 123456789012345678, "area": 2.5e-3}"#,
        #"{"id": "KEY", "name": "Empty capital", "capital": "", "tags": []}"#,
        #"{"id": "KEY", "name": "Whole float", "population": 3.0, "area": 7}"#,
        #"{"id": 42, "name": "Numeric key"}"#,
    ]
    /// Valid JSON that the reader leaves to the general way, which reads it or says what is wrong.
    static let exotic = [
        #"{"id": "KEY", "name": "Escaped \u00e9"}"#,
        #"{"id": "KEY", "name": "Unknown member", "colour": "red"}"#,
        #"{"id": "KEY", "name": "Twice", "name": "Again"}"#,
        #"{"id": "KEY", "name": "   "}"#,
        #"{"id": "KEY", "name": "Below the minimum", "population": -5}"#,
        #"{"id": "KEY", "name": "Not whole", "population": 1.5}"#,
        #"{"id": "KEY", "name": "Past 18 digits", "population": 12345678901234567890}"#,
        #"{"id": "KEY", "name": "Boolean", "capital": true}"#,
        #"{"id": "KEY", "name": "List of lists", "tags": [["a"]]}"#,
        #"{"id": "KEY", "name": "Number in a list", "tags": ["a", 1]}"#,
        #"{"id": "KEY", "name": "List for a text", "capital": ["x"]}"#,
        #"{"name": "No key"}"#,
        #"{}"#,
    ]
    /// Not JSON: left to the general way, which reports it.
    static let malformed = [
        #"{"id": "KEY", "name": "Leading zero", "population": 012}"#,
        #"{"id": "KEY", "name": "No comma" "area": 1}"#,
        #"{"id": "KEY", "name": "Control \#t character"}"#,
    ]
    static let shapes = plain + exotic

    let loader = RecordsLoader(config: testConfig(), file: "records.json")

    func bytes(_ element: String) -> [UInt8] {
        Array(("[" + element.replacingOccurrences(of: "KEY", with: "k") + "]").utf8)
    }

    func read(_ element: String) throws -> Record? {
        let reader = try #require(loader.recordReader())
        return bytes(element).withUnsafeBufferPointer { reader.read($0, at: 1, line: 1) }
    }

    @Test func readsPlainRecordsAsTheTreeDoes() throws {
        for element in Self.plain {
            let direct = try #require(try read(element), "the reader left a plain record to the general way: \(element)")
            let (records, diagnostics) = loader.loadInOrder(bytes: bytes(element))
            #expect(diagnostics.isEmpty)
            #expect([direct] == records, "\(element)")
        }
    }

    @Test func leavesEverythingElseToTheGeneralWay() throws {
        for element in Self.exotic + Self.malformed {
            #expect(try read(element) == nil, "\(element)")
        }
    }
}
