import Foundation
import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsRender
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The search keys kept flat (one UTF-8 buffer and its offsets per scope), the suffixes that are places
/// in their scalars, and an index whose files are made a range at a time.
@Suite struct SearchKeysTests {
    /// Records with no text, one, several; ASCII, accented, CJK, and scalars beyond the BMP.
    static let texts: [[String]] = [
        [], ["zurich"], ["sao paulo", "são paulo"], [], ["東京", "tokyo"], ["🏔 peak town"], ["a"], [],
    ]

    @Test func flatTextsGiveBackEachRecordsTexts() {
        let keys = SearchKeys(texts: Self.texts)
        #expect(keys.texts.count == Self.texts.count)
        #expect(Array(keys.texts) == Self.texts)
        for (position, texts) in Self.texts.enumerated() {
            #expect(keys.textBytes(of: position).map { Array($0) } == texts.map { Array($0.utf8) })
        }
    }

    /// Every suffix is a word start of one of its record's texts, in its own bucket, and every word start
    /// of every text is a suffix: the flat places give the keys the arrays of strings gave.
    @Test func suffixesAreTheWordStartsOfEveryText() {
        let keys = SearchKeys(texts: Self.texts)
        var found: [String] = []
        for bucket in keys.buckets() {
            for suffix in bucket.suffixes {
                let text = String(String.UnicodeScalarView(bucket.text(of: suffix)))
                let position = bucket.positions[Int(suffix.record)]
                #expect(text.unicodeScalars.first == bucket.first)
                #expect(
                    bucket.scalar(of: suffix, at: 0) == bucket.first && Int(suffix.count) == text.unicodeScalars.count)
                #expect(
                    Self.texts[position].contains { suffix.isWhole ? $0 == text : $0.hasSuffix(text) && $0 != text },
                    "\(text) of record \(position)")
                found.append("\(position):\(text)")
            }
        }
        let expected = Self.texts.enumerated().flatMap { position, texts in
            texts.flatMap { text in ([Substring(text)] + Folding.laterWordStarts(text)).map { "\(position):\($0)" } }
        }
        #expect(found.sorted() == expected.sorted())
    }

    /// Keys written into a snapshot read back as they were, the "All" scope's too, and a language's shared
    /// scope as the default's keys it is given; ends out of order, or not ending where their bytes do, and a
    /// shared scope without the default's keys, are malformed rather than trusted.
    @Test func keysReadBackFromASnapshotAreTheKeysWritten() throws {
        let scopes = [
            SearchScope(id: "a", label: "A", collection: 0, fields: []),
            SearchScope(id: "all", label: "All", collection: nil, fields: []),
        ]
        let keys = SearchKeys(texts: Self.texts)
        var writer = BinaryWriter()
        SearchKeys.write([keys, keys], scopes: scopes, to: &writer)
        let read = try writer.bytes.withUnsafeBytes { raw in
            var reader = BinaryReader(raw)
            return try SearchKeys.read(from: &reader, scopes: scopes, count: Self.texts.count)
        }
        #expect(read.map { Array($0.texts) } == [Self.texts, Self.texts])
        let defaults = SearchKeys(texts: Self.texts.map { $0.map { $0 + " default" } })
        var sharing = BinaryWriter()
        SearchKeys.write([keys, keys], scopes: scopes, sharing: [0], allKeys: true, to: &sharing)
        #expect(sharing.bytes.count < writer.bytes.count + 16, "a shared scope is only marked")
        let shared = try sharing.bytes.withUnsafeBytes { raw in
            var reader = BinaryReader(raw)
            return try SearchKeys.read(
                from: &reader, scopes: scopes, count: Self.texts.count, sharing: [defaults, defaults])
        }
        #expect(shared.map { Array($0.texts) } == [Array(defaults.texts), Self.texts], "the All keys as written")
        var merging = BinaryWriter()
        SearchKeys.write([keys, keys], scopes: scopes, sharing: [0], to: &merging)
        let merged = try merging.bytes.withUnsafeBytes { raw in
            var reader = BinaryReader(raw)
            return try SearchKeys.read(
                from: &reader, scopes: scopes, count: Self.texts.count, sharing: [defaults, defaults])
        }
        #expect(merged.map { Array($0.texts) } == [Array(defaults.texts), Array(defaults.texts)], "merged again")
        let unshared = sharing.bytes.withUnsafeBytes { raw in
            var reader = BinaryReader(raw)
            return try? SearchKeys.read(from: &reader, scopes: scopes, count: Self.texts.count)
        }
        #expect(unshared == nil, "a shared scope without the default's keys")
        func reads(bytes: [UInt8], textEnds: [Int], recordEnds: [Int]) -> Bool {
            var writer = BinaryWriter()
            writer.int(1)
            writer.bool(true)
            writer.data(bytes)
            writer.narrowInts(textEnds)
            writer.narrowInts(recordEnds)
            return writer.bytes.withUnsafeBytes { raw in
                var reader = BinaryReader(raw)
                return (try? SearchKeys.read(from: &reader, scopes: [scopes[0]], count: recordEnds.count)) != nil
            }
        }
        #expect(reads(bytes: Array("abcd".utf8), textEnds: [1, 4], recordEnds: [0, 2]))
        #expect(
            !reads(bytes: Array("abcd".utf8), textEnds: [3, 1], recordEnds: [0, 2]), "a text ends before the last")
        #expect(!reads(bytes: Array("abcd".utf8), textEnds: [1, 9], recordEnds: [0, 2]), "past the bytes")
        #expect(
            !reads(bytes: Array("abcd".utf8), textEnds: [1, 4], recordEnds: [2, 1]), "a record ends before the last")
        #expect(!reads(bytes: Array("abcd".utf8), textEnds: [1, 4], recordEnds: [0, 1]), "a text of no record")
    }

    /// A language's keys written beside the default's (the records whose texts are the default's only as
    /// runs of positions) read back as they were, over seeded keys of which some records differ; runs that
    /// overlap, leave the records or leave own records unread are malformed.
    @Test(arguments: [20_261_205, 5]) func keysBesideTheDefaultsReadBackAsWritten(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let words = ["paris", "oslo", "", "são paulo", "東京", "a", "nord"]
        let scopes = [
            SearchScope(id: "a", label: "A", collection: 0, fields: []),
            SearchScope(id: "all", label: "All", collection: nil, fields: []),
        ]
        for round in 0..<60 {
            // Past a block of 1,024 records now and then: runs are found a block at a time.
            let count = Int.random(in: 0...(round % 10 == 9 ? 2_500 : 30), using: &random)
            let texts = (0..<count).map { _ in
                (0..<Int.random(in: 0...3, using: &random)).map { _ in words.randomElement(using: &random)! }
            }
            var own = texts
            for position in own.indices where Int.random(in: 0..<(count > 30 ? 300 : 4), using: &random) == 0 {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: own[position] = []
                case 1: own[position] += ["own \(position)"]
                default: own[position] = own[position].map { $0 + "s" }  // as many texts, other bytes
                }
            }
            let (defaults, keys) = (SearchKeys(texts: texts), SearchKeys(texts: own))
            var writer = BinaryWriter()
            SearchKeys.write([keys, keys], scopes: scopes, allKeys: true, besides: [defaults, defaults], to: &writer)
            var whole = BinaryWriter()
            SearchKeys.write([keys, keys], scopes: scopes, allKeys: true, to: &whole)
            #expect(writer.bytes.count <= whole.bytes.count + 16 * count + 64)
            let read = try writer.bytes.withUnsafeBytes { raw in
                var reader = BinaryReader(raw)
                return try SearchKeys.read(from: &reader, scopes: scopes, count: count, sharing: [defaults, defaults])
            }
            #expect(read.map { Array($0.texts) } == [own, own])
            let runs = keys.runs(sameAs: defaults)
            #expect(runs.flatMap { Array($0) } == own.indices.filter { own[$0] == texts[$0] })
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "runs are whole")
            let rest = keys.without(runs)
            let bounds = runs.flatMap { [$0.lowerBound, $0.upperBound] }
            #expect(
                SearchKeys.spliced(rest, defaults, runs: bounds, count: count).map { Array($0.texts) } == own)
            if runs.count >= 2 {
                var overlapping = bounds
                overlapping[1] = overlapping[2] + 1
                #expect(SearchKeys.spliced(rest, defaults, runs: overlapping, count: count) == nil)
            }
            if let last = runs.last {
                #expect(SearchKeys.spliced(rest, defaults, runs: bounds.dropLast() + [count + 1], count: count) == nil)
                #expect(
                    last.upperBound < count
                        ? SearchKeys.spliced(rest, defaults, runs: bounds.dropLast() + [count], count: count) == nil
                        : true)
            }
        }
    }

    /// Records gathered a chunk at a time on every core, and joined, are the records gathered at once.
    @Test func recordsGatheredInChunksAreTheRecordsGatheredAtOnce() {
        let texts = (0..<50).map { Self.texts[$0 % Self.texts.count].map { "\($0) \($0.count)" } }
        let once = SearchKeys.Flat.gathered(count: texts.count, chunk: 1_000) { texts[$0] }
        #expect(once.recordEnds.count == texts.count && once.folded.bytes == Array(texts.joined().joined().utf8))
        for chunk in [1, 3, 7] {
            let flat = SearchKeys.Flat.gathered(count: texts.count, chunk: chunk) { texts[$0] }
            #expect(flat.folded == once.folded && flat.recordEnds == once.recordEnds)
        }
    }

    /// Entry heads made in chunks are each row's head made on its own.
    @Test func entryHeadsAreEachRowsHead() {
        let rows = countriesSite.only.records.indices.map(PageContexts(site: countriesSite, collection: 0).row)
        for chunk in [1, 5, 4_096] {
            let heads = EntryHeads(rows: SearchRows(rows), chunk: chunk)
            for (position, row) in rows.enumerated() {
                var head: [UInt8] = []
                ShardEntry.appendHead(number: String(position), row: row, to: &head)
                #expect(Array(heads[position]) == head, "chunk \(chunk), row \(position)")
            }
        }
    }

    /// The entry hash and floor from the flat bytes are those from the strings.
    @Test func entryHashAndFloorFromBytesAreThoseFromStrings() {
        let keys = SearchKeys(texts: Self.texts)
        for (position, texts) in Self.texts.enumerated() {
            #expect(
                ShardEntry.hash(
                    number: String(position), rowInputs: 7, textBytes: keys.textBytes(of: position),
                    slots: .init(collection: 3))
                    == ShardEntry.hash(
                        number: String(position), rowInputs: 7, texts: texts, slots: .init(collection: 3)))
            #expect(
                ShardEntry.floor(number: String(position), titleAndSlug: 9, textBytes: keys.textBytes(of: position))
                    == ShardEntry.floor(number: String(position), titleAndSlug: 9, texts: texts))
        }
    }

    /// An entry's tail from the flat bytes is `,[` the texts quoted as `JSONText.quoted` quotes strings,
    /// escapes and all, `]`, its slots up to the last that has a value (`null` for an earlier one that has
    /// none), `]`; from strings it is the same; its counted size is its size; and its floor is no more.
    @Test(
        arguments: [
            (nil, nil, nil, ""), (nil, 0, nil, ",null,0"), ("17", 12, nil, ",17,12"), ("2", nil, nil, ",2"),
            (nil, nil, "[[1]]", ",null,null,[[1]]"), ("5", 3, "[[0,2],[]]", ",5,3,[[0,2],[]]"),
        ] as [(String?, Int?, String?, String)])
    func entryTailFromBytesIsTheOneFromStrings(rank: String?, collection: Int?, filters: String?, written: String) {
        let slots = ShardEntry.Slots(rank: rank, collection: collection, filters: filters)
        let texts = Self.texts + [["say \"hi\"", "a<b>&c\\d", "line\u{2028}sep\u{7}"], [], [""]]
        let keys = SearchKeys(texts: texts)
        for (position, texts) in texts.enumerated() {
            let expected = Array((",[" + texts.map(JSONText.quoted).joined(separator: ",") + "]" + written + "]").utf8)
            var fromStrings: [UInt8] = [], fromBytes: [UInt8] = []
            ShardEntry.appendTail(texts: texts, slots: slots, to: &fromStrings)
            keys.withTextBytes(of: position) { ShardEntry.appendTail(textBytes: $0, slots: slots, to: &fromBytes) }
            #expect(fromBytes == expected, "\(texts)")
            #expect(fromStrings == expected, "\(texts)")
            #expect(
                keys.withTextBytes(of: position) { ShardEntry.tailCount(textBytes: $0, slots: slots) } == expected.count
            )
            let row = IndexRow(title: "T", path: "p/s.html")
            #expect(
                ShardEntry.floor(number: String(position), titleAndSlug: 2, texts: texts, slots: slots)
                    <= ShardEntry.json(number: String(position), row: row, texts: texts, slots: slots).utf8.count)
        }
    }

    /// An index's files made a range at a time, in any cut, are its files made at once, in order.
    @Test func indexFilesMadeInRangesAreTheWholeIndex() {
        var site = countriesSite
        site.config.search.shardBudget = 1_024
        let index = SearchIndex(
            site: site, rows: site.only.records.indices.map(PageContexts(site: site, collection: 0).row))
        let whole = index.files
        #expect(index.shardCount > 10 && whole.count == index.shardCount)
        for step in [1, 3, 64] {
            var files: [OutputFile] = []
            var start = 0
            while start < index.shardCount {
                files += index.files(start..<min(start + step, index.shardCount))
                start += step
            }
            #expect(files == whole, "ranges of \(step)")
        }
        // A planned shard's entries are the entries `ShardEntry.json` makes, one head per record shared
        // by every scope.
        let json = whole.first { $0.path.contains("/l-") || $0.path.contains("/p-") }!
        let script = String(decoding: json.bytes, as: UTF8.self)
        let body = script[script.index(after: script.firstIndex(of: ",")!)..<script.lastIndex(of: ")")!]
        let object = try! JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: Any]
        #expect((object["r"] as! [Any]).count == object["n"] as! Int || json.path.contains("/p-"))
    }
}
