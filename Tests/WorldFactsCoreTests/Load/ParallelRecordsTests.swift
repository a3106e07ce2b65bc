import Foundation
import Testing
import WorldFactsModel

@testable import WorldFactsLoad
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The shortcuts large sites take must give exactly what the plain way gives: records read in
/// parallel, the packed sort, page fingerprints taken from inputs, shards kept by bucket.
@Suite struct ParallelRecordsTests {
    let loader = RecordsLoader(collection: testConfig().only, file: "records.json")

    /// Records with every kind of problem spread through a file large enough to be read in parallel.
    func bigFile(seed: UInt64) -> String {
        var random = SplitMix(state: seed)
        var lines: [String] = []
        for n in 0..<(RecordsLoader.parallelAbove + 3_000) {
            let name = ["Alpha", "Bêta, \\\"quoted\\\"", "[bracket] {brace}", "Ω \\u00e9", "Zulu"][
                Int(random.next() % 5)]
            switch random.next() % 40 {
            case 0: lines.append(#"{"id": "dup", "name": "Dup \#(n)"}"#)  // a duplicate key from the second on
            case 1: lines.append(#"{"id": "w\#(n)", "name": "Wrong", "population": "many"}"#)
            case 2: lines.append(#"{"name": "No key \#(n)"}"#)
            case 3: lines.append(#"  "not an object""#)
            case 4:
                lines.append(
                    RecordReaderTests.shapes[Int(random.next() % UInt64(RecordReaderTests.shapes.count))]
                        .replacingOccurrences(of: "KEY", with: "s\(n)"))
            default:
                lines.append(
                    #"{"id": "r\#(n)", "name": "\#(name) \#(n)", "population": \#(random.next() % 100000), "#
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
            // A missing comma.
            text.replacingOccurrences(of: #""name": "Wrong""#, with: #""name": "Wrong" "extra": 1"#),
            text.replacingOccurrences(of: #""area": "#, with: #""area" "#),  // a missing colon
            String(text.dropLast(3)),  // no closing bracket
            text.replacingOccurrences(of: "\n]", with: ",\n]"),  // a trailing comma
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

    /// A large file's element starts are found in two parts at once (`JSONParser.elementStarts(_:split:)`):
    /// at every split of seeded random arrays (nested values, strings with brackets, escapes and quotes,
    /// newlines and blank lines, and framing errors: a comma too many or missing, a trailing comma, an
    /// unclosed string, something after the array), they are the one-part scan's, lines and all.
    @Test func elementStartsInTwoPartsAreThoseOfOne() throws {
        var random = SplitMix(state: 2026_11_26)
        func pick(_ choices: [String]) -> String { choices[Int(random.next() % UInt64(choices.count))] }
        func value(_ depth: Int) -> String {
            switch random.next() % (depth > 2 ? 3 : 5) {
            case 0: return pick(["1", "-2.5e3", "true", "null"])
            case 1: return pick([#""a""#, #""]}\"[,""#, #""x\\""#, #""é {""#, #""""#])
            case 2: return pick(["[]", "{}"])
            case 3: return "[" + (0..<Int(random.next() % 3)).map { _ in value(depth + 1) }.joined(separator: ",") + "]"
            default:
                return "{"
                    + (0..<Int(random.next() % 3)).map { #""k\#($0)":"# + value(depth + 1) }
                    .joined(separator: pick([",", ",\n", " , "])) + "}"
            }
        }
        var documents = 0, framed = 0
        for _ in 0..<300 {
            let count = Int(random.next() % 6)
            var text = pick(["[", "\u{FEFF}[", " [\n"])
            for element in 0..<count {
                text += pick(["", "\n", "  ", "\n\n  "]) + value(0)
                if element + 1 < count { text += pick([",", ",\n", "\n,", " ,\n"]) }
            }
            text += pick(["]", "\n]\n", "]", "]"])
            switch random.next() % 12 {
            case 0: text = text.replacingOccurrences(of: ",", with: ",,")
            case 1: text = text.replacingOccurrences(of: "]", with: ",]")
            case 2: text += " x"
            case 3: text = text.replacingOccurrences(of: "\"a\"", with: "\"a\n\"")
            case 4: text = text.replacingOccurrences(of: ",\n", with: "\n")
            default: break
            }
            let bytes = Array(text.utf8)
            let whole = JSONParser.elementStarts(bytes)
            if whole != nil { framed += 1 }
            for split in 0...bytes.count {
                let parts = JSONParser.elementStarts(bytes, split: split)
                #expect(parts?.map(\.index) == whole?.map(\.index), "\(text.debugDescription) at \(split)")
                #expect(parts?.map(\.line) == whole?.map(\.line), "\(text.debugDescription) at \(split)")
                #expect(parts?.map(\.lineStart) == whole?.map(\.lineStart), "\(text.debugDescription) at \(split)")
            }
            documents += 1
        }
        #expect(framed > 100 && framed < documents, "\(framed) of \(documents) framed as arrays")
        // Where a large file is split: after a newline, before a byte that is not whitespace.
        let file = Array(("[\n" + (0..<9).map { "{\"n\": \($0)}" }.joined(separator: ",\n") + "\n]").utf8)
        let split = try #require(JSONParser.split(file))
        #expect(file[split - 1] == 0x0A && file[split] == UInt8(ascii: "{") && split > file.count / 2)
        #expect(JSONParser.split(Array("[1, 2, 3]".utf8)) == nil)
    }
}

/// A JSON records file loaded again from the memo of its last load (a live build) gives what loading it
/// afresh gives, after edits of every kind: a value, a record added or removed, lines added before
/// others, a syntax error, a problem in a record.
@Suite struct RecordsMemoTests {
    let loader = RecordsLoader(collection: testConfig().only, file: "records.json")

    func file(_ records: [String]) -> [UInt8] { Array(("[\n" + records.joined(separator: ",\n") + "\n]\n").utf8) }

    @Test func aReloadFromTheMemoIsAFreshLoad() throws {
        var random = SplitMix(state: 15)
        var records = (0..<600).map { #"{"id": "r\#($0)", "name": "Name \#($0)", "population": \#($0 * 7)}"# }
        var (_, _, memo) = loader.load(bytes: file(records), memo: nil)
        #expect(memo != nil)
        var kept = 0, spliced = 0
        for step in 0..<120 {
            let at = Int(random.next() % UInt64(records.count))
            switch random.next() % 8 {
            case 0: records[at] = #"{"id": "r\#(at)", "name": "Name \#(at)", "population": \#(step)}"#
            case 6: records[at] = #"{"id": "r0", "name": "Again"}"#  // a duplicate key, unless it is r0's place
            case 1: records.insert(#"{"id": "n\#(step)", "name": "New \#(step)"}"#, at: at)
            case 2: records.remove(at: at)
            case 3: records[at] = "\n\n" + records[at]  // every later record moves down two lines
            case 4: records[at] = #"{"id": "r\#(at)", "name": "Name", "population": "many"}"#  // a problem
            case 5: records[at] += " }"  // a syntax error
            default: records[at] = records[at].replacingOccurrences(of: "Name", with: "Nom")
            }
            let bytes = file(records)
            let (fresh, freshProblems) = loader.load(bytes: bytes)
            // Every other step, the memo has a copy of its records to splice the edit into (`PreparedCopy`).
            if step % 2 == 0, let memo { memo.prepared.make(copying: memo.records) }
            let (reloaded, problems, next) = loader.load(bytes: bytes, memo: memo)
            if step % 2 == 0, memo?.prepared.take() == nil { spliced += 1 }
            // Only the part between the shared ends is scanned for elements, and they are where a whole
            // scan finds them.
            let starts = memo.flatMap { JSONRecordsMemo.Splice(old: $0, new: bytes).starts(of: bytes) }
            #expect(starts?.map(\.index) == JSONParser.elementStarts(bytes)?.map(\.index), "step \(step)")
            #expect(starts?.map(\.line) == JSONParser.elementStarts(bytes)?.map(\.line), "step \(step)")
            #expect(starts?.map(\.lineStart) == JSONParser.elementStarts(bytes)?.map(\.lineStart), "step \(step)")
            #expect(reloaded == fresh, "step \(step)")
            #expect(problems == freshProblems, "step \(step)")
            // The key hashes the memo carries on are those of the records, as if taken afresh.
            if let next { #expect(next.keys != nil && next.keys == KeyHashes.of(reloaded), "step \(step)") }
            // And so are the hashes of its pieces, where the memo's were kept.
            if let next {
                #expect(
                    next.pieces == RecordsFilePieces(bytes: bytes, starts: next.starts.map(\.index)), "step \(step)")
            }
            if next != nil { kept += 1 }
            memo = next ?? memo
            // Mend what cannot be loaded, so later steps start from a good file again.
            if !freshProblems.isEmpty {
                records[at] = #"{"id": "m\#(step)", "name": "Mended \#(step)"}"#
                memo = loader.load(bytes: file(records), memo: nil).2 ?? memo
            }
        }
        #expect(kept > 60)
        #expect(spliced > 15, "\(spliced) edits spliced into the memo's copy")
    }

    /// Elements found from the last file's, in a file of one line and in one of two records a line: where
    /// a whole scan finds them, after edits that move the rest along the line and down.
    @Test func elementStartsFromTheLastFileAreAWholeScans() throws {
        var random = SplitMix(state: 17)
        for perLine in [1_000, 2] {
            var records = (0..<200).map { #"{"id": "r\#($0)", "name": "N\#($0)"}"# }
            func bytes() -> [UInt8] {
                let lines = stride(from: 0, to: records.count, by: perLine).map {
                    records[$0..<min($0 + perLine, records.count)].joined(separator: ", ")
                }
                return Array(("[" + lines.joined(separator: ",\n") + "]\n").utf8)
            }
            var memo = try #require(loader.load(bytes: bytes(), memo: nil).2)
            for step in 0..<60 {
                let at = Int(random.next() % UInt64(records.count))
                switch random.next() % 3 {
                case 0: records.insert(#"{"id": "n\#(step)", "name": "New"}"#, at: at)
                case 1: records.remove(at: at)
                default: records[at] = #"{"id": "e\#(step)", "name": "Longer name \#(step)"}"#
                }
                let new = bytes()
                let whole = try #require(JSONParser.elementStarts(new))
                let found = try #require(JSONRecordsMemo.Splice(old: memo, new: new).starts(of: new))
                #expect(found.map(\.index) == whole.map(\.index), "\(perLine) a line, step \(step)")
                #expect(found.map(\.line) == whole.map(\.line), "\(perLine) a line, step \(step)")
                #expect(found.map(\.lineStart) == whole.map(\.lineStart), "\(perLine) a line, step \(step)")
                memo = try #require(loader.load(bytes: new, memo: memo).2)
            }
        }
    }

    /// Only the elements between the first and the last changed byte are read: a memo whose records
    /// are marked shows through everywhere else, on the records' new lines. Both ways: with the memo's
    /// key hashes (the records spliced into the memo's, `RecordsLoader.spliced`), and without (an outcome
    /// per element).
    @Test(arguments: [true, false]) func onlyTheEditedRecordIsReadAgain(withKeys: Bool) throws {
        let records = (0..<300).map { #"{"id": "r\#($0)", "name": "Name \#($0)", "population": \#($0)}"# }
        let memo = try #require(loader.load(bytes: file(records), memo: nil).2)
        #expect(memo.keys != nil)
        let marked = JSONRecordsMemo(
            pieces: memo.pieces, starts: memo.starts,
            records: memo.records.map {
                var record = $0; record.title = "Marked"; return record
            }, keys: withKeys ? memo.keys : nil)
        var edited = records
        edited[150] = #"{"id": "r150", "name": "Edited", "population": 1}"#
        let (reloaded, problems, _) = loader.load(bytes: file(edited), memo: marked)
        #expect(problems.isEmpty)
        #expect(reloaded.filter { $0.title != "Marked" }.map(\.title) == ["Edited"])
        var inserted = records
        inserted.insert(#"{"id": "x", "name": "Inserted"}"#, at: 10)
        let (moved, _, _) = loader.load(bytes: file(inserted), memo: marked)
        // The new element and, at most, the one it came before: where the shared start of the two files
        // ends and their shared end begins can cut that one (both start `{"id": "`).
        let read = moved.filter { $0.title != "Marked" }.map(\.title)
        #expect(read.first == "Inserted" && read.count <= 2, "\(read)")
        #expect(moved[200].line == 202 && moved[200].key == "r199")  // one line further down
    }

    /// A CSV file loaded again from its memo gives what loading it afresh gives, after edits of every kind,
    /// quoted cells over several lines among them; and only the rows around the change are read.
    @Test func aDelimitedReloadFromTheMemoIsAFreshLoad() throws {
        func source(_ rows: [String]) -> DelimitedSource {
            DelimitedSource(
                bytes: Array(("id,name,population,tags\n" + rows.joined(separator: "\n") + "\n").utf8),
                separator: UInt8(ascii: ","), type: loader.cellTyper())
        }
        var random = SplitMix(state: 16)
        var rows = (0..<500).map { "r\($0),Name \($0),\($0 * 3),a;b" }
        var memo = loader.load(delimited: source(rows), memo: nil).2
        #expect(memo != nil)
        var kept = 0, spliced = 0
        for step in 0..<150 {
            let at = Int(random.next() % UInt64(rows.count))
            switch random.next() % 8 {
            case 0: rows[at] = "r\(at),Name \(at),\(step),a"
            case 1: rows.insert("n\(step),\"New,\nover two lines\",1,", at: at)  // a quoted cell with a newline
            case 2: rows.remove(at: at)
            case 3: rows[at] = "\n\n" + rows[at]  // blank lines: every later row moves down
            case 4: rows[at] = "r\(at),Name,many,"  // a problem
            case 5: rows[at] = "r\(at),\"Never closed,1,"  // a syntax error
            case 6: rows[at] = "r0,Again,1,"  // a duplicate key
            default: rows[at] = rows[at].replacingOccurrences(of: "Name", with: "Nom")
            }
            let (fresh, freshProblems) = loader.load(delimited: source(rows))
            if step % 2 == 0, let memo { memo.prepared.make(copying: memo.records) }
            let (reloaded, problems, next) = loader.load(delimited: source(rows), memo: memo)
            if step % 2 == 0, memo?.prepared.take() == nil { spliced += 1 }
            #expect(reloaded == fresh, "step \(step)")
            #expect(problems == freshProblems, "step \(step)")
            if let next { #expect(next.keys != nil && next.keys == KeyHashes.of(reloaded), "step \(step)") }
            // The next memo is the one a fresh load makes: where its rows start, and its pieces' hashes.
            if let next, let made = loader.load(delimited: source(rows), memo: nil).2 {
                #expect(next.rowStarts == made.rowStarts && next.pieces == made.pieces, "step \(step)")
                #expect(next.rows.index == made.rows.index && next.rows.end == made.rows.end, "step \(step)")
            }
            if next != nil { kept += 1 }
            memo = next ?? memo
            if !freshProblems.isEmpty {
                rows[at] = "m\(step),Mended \(step),1,"
                memo = loader.load(delimited: source(rows), memo: nil).2 ?? memo
            }
        }
        #expect(kept > 60)
        #expect(spliced > 15, "\(spliced) edits spliced into the memo's copy")
        // Only the edited row is read: a memo whose records are marked shows through everywhere else.
        let base = (0..<300).map { "r\($0),Name \($0),\($0),a" }
        let first = try #require(loader.load(delimited: source(base), memo: nil).2)
        let marked = DelimitedRecordsMemo(
            bytes: source(base).bytes, header: first.header, rows: first.rows,
            records: first.records.map {
                var record = $0; record.title = "Marked"; return record
            }, keys: first.keys)
        var edited = base
        edited[150] = "r150,Edited,1,a"
        edited.insert("x,\"Inserted\nhere\",2,", at: 10)
        let (reloaded, _, _) = loader.load(delimited: source(edited), memo: marked)
        let read = reloaded.filter { $0.title != "Marked" }.map(\.title)
        // Every row from the first change to the last is read; none before, none after.
        #expect(read.first == "Inserted\nhere" && read.last == "Edited" && read.count <= 143, "\(read.count)")
        #expect(reloaded[200].line == 203 && reloaded[200].key == "r199")
    }
}

/// The shared ends of a file and its last version, known only by its pieces' hashes, never take in a
/// changed byte: one byte flipped at every offset of a file, then one byte inserted and one removed.
@Suite struct UnchangedEndsTests {
    @Test func noChangedByteIsInTheUnchangedEnds() {
        let text =
            "[\n" + (0..<40).map { #"{"id": "r\#($0)", "name": "Name \#($0)"}"# }.joined(separator: ",\n") + "\n]\n"
        let bytes = Array(text.utf8)
        let starts = bytes.indices.filter { bytes[$0] == UInt8(ascii: "{") }
        let old = RecordsFilePieces(bytes: bytes, starts: starts)
        #expect(old.cuts.count == 42 && old.byteCount == bytes.count)
        let same = UnchangedEnds(old: old, new: bytes)
        #expect(same.prefix == bytes.count && same.suffix == 0)
        for offset in bytes.indices {
            var flipped = bytes
            flipped[offset] ^= 0x20
            let ends = UnchangedEnds(old: old, new: flipped)
            #expect(ends.prefix <= offset && ends.suffix <= bytes.count - offset - 1, "offset \(offset)")
            // Only the piece with the flipped byte is outside them.
            #expect(ends.prefix + ends.suffix + 80 >= bytes.count, "offset \(offset)")
            var inserted = bytes
            inserted.insert(UInt8(ascii: " "), at: offset)
            let grown = UnchangedEnds(old: old, new: inserted)
            #expect(grown.prefix <= offset && grown.suffix <= bytes.count - offset && grown.shift == 1)
            var removed = bytes
            removed.remove(at: offset)
            let shrunk = UnchangedEnds(old: old, new: removed)
            #expect(shrunk.prefix <= offset && shrunk.suffix <= bytes.count - offset - 1 && shrunk.shift == -1)
            for (edited, ends) in [(flipped, ends), (inserted, grown), (removed, shrunk)] {
                let expected = oneSideAfterTheOther(old: old, new: edited)
                #expect(ends.prefix == expected.prefix && ends.suffix == expected.suffix, "offset \(offset)")
            }
        }
        // A file grown or shrunk at its start or end by more than a piece, and one whose start and end
        // pieces are the same text (the end must not reach into the start).
        let repeated = Array((String(repeating: "{\"a\": 1},\n", count: 6)).utf8)
        let cases: [([UInt8], [UInt8])] = [
            (bytes, Array(bytes.prefix(40))), (bytes, Array(bytes.suffix(40))), (Array(bytes.prefix(40)), bytes),
            (repeated, Array(repeated.prefix(33))), (repeated, repeated + repeated), (repeated + repeated, repeated),
        ]
        for (before, after) in cases {
            let old = RecordsFilePieces(
                bytes: before, starts: before.indices.filter { before[$0] == UInt8(ascii: "{") })
            let ends = UnchangedEnds(old: old, new: after)
            let expected = oneSideAfterTheOther(old: old, new: after)
            #expect(ends.prefix == expected.prefix && ends.suffix == expected.suffix)
            #expect(ends.prefix + ends.suffix <= min(before.count, after.count))
        }
    }

    /// The shared ends found one after the other, the end never reaching into the start (the way
    /// `UnchangedEnds` found them before it looked from both ends at once).
    func oneSideAfterTheOther(old: RecordsFilePieces, new: [UInt8]) -> (prefix: Int, suffix: Int) {
        let shift = new.count - old.byteCount
        func hash(_ range: Range<Int>) -> UInt64 { BulkHash.of(new, range) }
        var piece = 0
        while piece < old.hashes.count, old.cuts[piece + 1] <= new.count,
            hash(old.cuts[piece]..<old.cuts[piece + 1]) == old.hashes[piece]
        {
            piece += 1
        }
        let prefix = old.cuts[piece]
        var start = old.byteCount
        var back = old.hashes.count - 1
        while back >= piece, old.cuts[back] + shift >= prefix,
            hash(old.cuts[back] + shift..<old.cuts[back + 1] + shift) == old.hashes[back]
        {
            start = old.cuts[back]
            back -= 1
        }
        return (prefix, old.byteCount - start)
    }
}

/// The duplicate-key check finds every duplicate, and only duplicates, with the first one's line, when
/// keys share a hash too: here all of them do.
@Suite struct UniqueKeysTests {
    @Test func duplicatesAreFoundWhateverTheKeysHashTo() {
        let keys = ["a", "b", "a", "c", "b", "d", "c", "e"]
        for hash in [nil, { (_: inout String) -> UInt64 in 7 }] {
            var unique =
                hash.map { UniqueKeys(file: "f.json", keyField: "id", hash: $0) }
                ?? UniqueKeys(file: "f.json", keyField: "id")
            let problems = keys.enumerated().compactMap { line, key in
                unique.take(Record(key: key, title: key, values: [], line: line + 1), line: line + 1, column: 1)
            }
            #expect(unique.records.map(\.key) == ["a", "b", "c", "d", "e"])
            #expect(
                problems.map(\.message) == [
                    "duplicate key: records at lines 1 and 3 both have key 'a'",
                    "duplicate key: records at lines 2 and 5 both have key 'b'",
                    "duplicate key: records at lines 4 and 7 both have key 'c'",
                ])
        }
    }
}
