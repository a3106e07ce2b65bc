import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The index of a full-text scope (`SearchScope.note`): its fields' texts, as any scope's, and its records'
/// notes as plain text, word by word (`NoteWords`), planned by `TextPlanner`.
///
/// Files are those of any scope (`ScopeShards`): `search/<scope>/<l|p>-<hex of the prefix>.<tag>.js`, a
/// tree named from the manifest down, and the manifest's part is `"<id>":{"k":{…},"c":<collection>,"t":1}`.
/// An entry is `[number, title, subtitle, detail, slug, [folded field texts…], score, null, [word, …]]`, a
/// word `["<key>",<order>,"<snippet>"]`, with `,1` after the snippet when the key was cut
/// (`NoteWords.Word`): the score is `null` when the record has none, and the slot after it (the collection
/// in the "All" scope) is always `null`. The snippet is the note's text as written, in a JSON string:
/// `search.js` shows it as text, never as markup.
///
/// A record is in a shard for each word of its note that starts a new prefix, so what its entry shows
/// and is ranked by (a population in the detail and the score) was in every one of them, and an edit of it
/// rewrote them all. When every record's subtitle, detail and score fit one file within the shard budget,
/// they are that file, `search/<scope>/r.<tag>.js`, `[["<subtitle>","<detail>",<score>],…]` by number, named
/// by the part's `"r":"r.<tag>"`, and the entries carry `""` and `0` in their places: such an edit rewrites that
/// file and the previews whose first records it reorders. `search.js` loads it before the scope's first shard.
///
/// The index is a pure function of the records and notes, made whole at each build that changes one of its
/// collection's records (an update of others keeps it: `ScopeIndexes.keptText`); its files' tags hash their
/// bytes, so a file the last build left under the same name is kept unwritten, and a host may cache every
/// shard for good.
struct TextScopeIndex {
    /// The scope's part of the manifest.
    let part: String
    /// Every shard's file, made.
    let files: [OutputFile]

    /// What the next build keeps of this index: its part, with `entryHashes` and `buckets`.
    func memo(entryHashes: [UInt64], buckets: [BucketMemo]) -> ScopeMemo {
        var memo = ScopeMemo(entryHashes: entryHashes, entryFloors: [], buckets: buckets)
        memo.textPart = part
        return memo
    }

    /// `keys`: the scope's folded field texts by record position (`SearchKeys(site:scope:)`); `notes`: each
    /// record's note as plain text, by position.
    init(
        scope: SearchScope, site: Site, keys: SearchKeys, rows: SearchRows, ranks: RecordRanks,
        notes: [Int: String]
    ) {
        let collection = site.collections[scope.collection ?? 0]
        let positions = Array(collection.offset..<(collection.offset + collection.records.count))
        let made = Parallel.map(positions.count) { number in
            Self.record(positions[number], number: number, keys: keys, note: notes[positions[number]])
        }
        let words = made.map(\.words)
        // Each word's JSON, made once: its size plans the shards, its bytes are written.
        let wordJSON = words.map { $0.map(Self.json) }
        // Each row made once: the file of rows and the entries both read it.
        let rowOf = positions.map(rows.row)
        let scores = positions.map { ranks[$0] }
        let rowsFile = Self.rowsFile(rowOf, scores: scores, budget: site.config.search.shardBudget)
        var fixed: [[UInt8]] = []
        fixed.reserveCapacity(positions.count)
        for (number, position) in positions.enumerated() {
            var bytes: [UInt8] = []
            var row = rowOf[number]
            if rowsFile != nil { (row.subtitle, row.detail) = (nil, nil) }
            // A full-text scope is never part of "All": its entries are numbered within the collection, in
            // index order (the shortest numbers that order them), not among every collection's
            // (`SearchNumbers`), whose larger numbers made its shards larger and split them more.
            ShardEntry.appendHead(number: String(position - collection.offset), row: row, to: &bytes)
            keys.withTextBytes(of: position) { texts in
                ShardEntry.appendTail(textBytes: texts, to: &bytes)
            }
            bytes.removeLast()  // the tail's closing "]"
            bytes += ("," + (rowsFile == nil ? ranks.text(position, labelled: true)! : "0") + ",null,[").utf8
            fixed.append(bytes)
        }
        let wordBytes = wordJSON.map { $0.map(\.count) }
        let planner = TextPlanner(budget: site.config.search.shardBudget, previewSize: site.config.search.previewSize)
        let nodes = planner.plan(
            keys: made.flatMap(\.keys), fixed: fixed.map { $0.count + 2 }, wordBytes: wordBytes,
            scores: scores)
        // Children before parents: a preview names the shards one scalar below it.
        var children: [String: [ShardName]] = [:]
        var files: [OutputFile] = []
        for node in nodes.reversed() {
            var json = Array("{\"n\":\(node.total),\"r\":[".utf8)
            for (offset, entry) in node.entries.enumerated() {
                if offset > 0 { json.append(UInt8(ascii: ",")) }
                json += fixed[entry.record]
                for (number, word) in entry.words.enumerated() {
                    if number > 0 { json.append(UInt8(ascii: ",")) }
                    json += wordJSON[entry.record][word]
                }
                json += "]]".utf8
            }
            json += "]".utf8
            if node.kind == .preview {
                json += ShardLinks().json(prefix: node.prefix, children: children[node.prefix] ?? []).utf8
            }
            json += "}".utf8
            let hash = BulkHash.of(json)
            let name = ShardName(
                prefix: node.prefix,
                file: ScopeShards.fileName(kind: node.kind, prefix: node.prefix, tag: HashedName.tag(hash)))
            children[ShardLinks.parent(of: node.prefix), default: []].append(name)
            files.append(Self.file(scope.id + "/" + name.file, json: json, hash: hash))
        }
        var rowed = ""
        if let json = rowsFile {
            let hash = BulkHash.of(json)
            let name = Self.rowsFileName + "." + HashedName.tag(hash)
            files.append(Self.file(scope.id + "/" + name, json: json, hash: hash))
            rowed = ",\"r\":" + JSONText.quoted(name)
        }
        self.files = files.reversed()
        part =
            JSONText.quoted(scope.id) + ":{\"k\":" + ShardLinks.map(children[""] ?? []) + ",\"c\":"
            + String(collection.number) + ",\"t\":1" + rowed + "}"
    }

    /// The file of the index named `key` (`<scope>/<name>`) holding `json`, whose hash its name carries (its
    /// inputs too).
    private static func file(_ key: String, json: [UInt8], hash: UInt64) -> OutputFile {
        let (path, inputs) = (SearchIndex.path(of: key), Hex.text(hash))
        return OutputFile(
            path: path, bytes: Array(SearchIndex.scriptStart(key).utf8) + json + Array(SearchIndex.scriptEnd.utf8),
            inputs: inputs)
    }

    /// The name of a scope's file of rows, before its tag.
    static let rowsFileName = "r"

    /// The JSON of the scope's file of rows, `[["<subtitle>","<detail>",<score>],…]` by number (`rows` and
    /// `scores` are by number), when it fits `budget` bytes; nil when it does not.
    static func rowsFile(_ rows: [IndexRow], scores: [Double?], budget: Int) -> [UInt8]? {
        var bytes = Array("[".utf8)
        for (number, row) in rows.enumerated() {
            bytes += (number == 0 ? "[" : ",[").utf8
            JSONText.appendQuoted(row.subtitle ?? "", to: &bytes)
            bytes.append(UInt8(ascii: ","))
            JSONText.appendQuoted(row.detail ?? "", to: &bytes)
            bytes += ("," + RecordRanks.json(scores[number]) + "]").utf8
            if bytes.count > budget { return nil }
        }
        return bytes + "]".utf8
    }

    /// A record's keys, by its number in the collection: each word start of each field text, and each word
    /// of its note, with those words.
    private static func record(_ position: Int, number: Int, keys: SearchKeys, note: String?)
        -> (keys: [TextPlanner.Key], words: [NoteWords.Word])
    {
        var made: [TextPlanner.Key] = []
        for text in keys.texts[position] {
            let scalars = Array(text.unicodeScalars)
            for start in [0] + Folding.laterWordStartOffsets(scalars[...]) {
                let (key, isCut) = NoteWords.cut(scalars[start...])
                made.append(
                    TextPlanner.Key(
                        record: Int32(number), scalars: Array(key.unicodeScalars), isWhole: start == 0, isCut: isCut,
                        word: -1))
            }
        }
        let words = note.map(NoteWords.of) ?? []
        for (index, word) in words.enumerated() {
            made.append(
                TextPlanner.Key(
                    record: Int32(number), scalars: Array(word.key.unicodeScalars), isWhole: false, isCut: word.isCut,
                    word: Int32(index)))
        }
        return (made, words)
    }

    /// A word's JSON: `["<key>",<order>,"<snippet>"]`, with `,1` before the `]` when its key was cut.
    static func json(_ word: NoteWords.Word) -> [UInt8] {
        var bytes = Array("[".utf8)
        JSONText.appendQuoted(word.key, to: &bytes)
        bytes += ",\(word.order),".utf8
        JSONText.appendQuoted(word.snippet, to: &bytes)
        if word.isCut { bytes += ",1".utf8 }
        bytes += "]".utf8
        return bytes
    }
}
