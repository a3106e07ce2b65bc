import WorldFactsModel
import WorldFactsSupport

/// One record's entry in a shard, and what is known of it before it is written: its hash (what decides
/// whether its shards change) and its floor (the fewest bytes it can take, which decides whether its
/// bucket must split). An entry is `[number, title, subtitle, detail, slug, [folded texts…]]` and its
/// slots (`Slots`): in a ranked collection its score (`RecordRanks`, `null` when it has none); in the "All"
/// scope of a site of several collections its score (or `null`) and the number of its collection; in a
/// scope with filters its score, `null` and its filter values (`ScopeFilters`), as JSON that cannot close a
/// script element (`JSONText`). The slug is the record page's name: the manifest
/// gives each collection's pages folder (`"pages"`), and each scope's collection (`"c"`), so an entry does
/// not repeat what every entry of its collection shares; nor does it repeat its collection's label.
enum ShardEntry {
    /// What an entry carries after its folded texts, each as JSON: its score (`RecordRanks.text`), its
    /// collection's number (in the "All" scope of several collections) and its filters' values
    /// (`ScopeFilters.text`). A slot is written when it or a later one has a value, `null` when it has none.
    struct Slots: Sendable, Equatable {
        var rank: String? = nil
        var collection: Int? = nil
        var filters: String? = nil

        /// Calls `body` with each slot written, in order (no array: it runs for every entry of every scope).
        func forEachWritten(_ body: (String) -> Void) {
            let count = filters != nil ? 3 : collection != nil ? 2 : rank != nil ? 1 : 0
            if count > 0 { body(rank ?? "null") }
            if count > 1 { body(collection.map(String.init) ?? "null") }
            if let filters, count > 2 { body(filters) }
        }
    }

    /// The entry's JSON.
    static func json(number: String, row: IndexRow, texts: [String], slots: Slots = Slots()) -> String {
        var bytes: [UInt8] = []
        appendHead(number: number, row: row, to: &bytes)
        appendTail(texts: texts, slots: slots, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The part of the entry that every scope shares, `[number,"title","subtitle","detail","slug"`, where the
    /// number is the record's (`SearchNumbers`).
    static func appendHead(number: String, row: IndexRow, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        bytes.append(contentsOf: number.utf8)
        for field in [row.title, row.subtitle ?? "", row.detail ?? "", slug(of: row.path)] {
            bytes.append(UInt8(ascii: ","))
            JSONText.appendQuoted(field, to: &bytes)
        }
    }

    /// A record page's name in its folder: `cities/2657896.html` gives `2657896`
    /// (`RecordCollection.pagePath(folder:slug:)` makes every record page's path so).
    static func slug(of path: String) -> String {
        let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
        return String(name.hasSuffix(".html") ? name.dropLast(5) : name)
    }

    /// The part of the entry that is the scope's own: `,[folded texts…]`, its slots (`Slots`), and the
    /// closing `]`.
    static func appendTail(texts: [String], slots: Slots = Slots(), to bytes: inout [UInt8]) {
        var packed = PackedBytes()
        for text in texts { packed.append { $0 += text.utf8 } }
        packed.withStrings(0..<packed.count) { appendTail(textBytes: $0, slots: slots, to: &bytes) }
    }

    /// `appendTail`, from each text's UTF-8 (`SearchKeys.textBytes(of:)`, which makes no string).
    static func appendTail(textBytes texts: PackedBytes.Strings, slots: Slots = Slots(), to bytes: inout [UInt8]) {
        bytes.append(contentsOf: ",[".utf8)
        for (offset, text) in texts.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(utf8: text, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        slots.forEachWritten { slot in
            bytes.append(UInt8(ascii: ","))
            bytes += slot.utf8
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// How many bytes `appendTail(textBytes:slots:to:)` appends, counted without appending them.
    static func tailCount(textBytes texts: PackedBytes.Strings, slots: Slots = Slots()) -> Int {
        var count = 2 + 1 + 1  // ,[ ] ]
        for (offset, text) in texts.enumerated() { count += (offset > 0 ? 1 : 0) + JSONText.quotedCount(utf8: text) }
        slots.forEachWritten { count += 1 + $0.utf8.count }
        return count
    }

    /// A hash of everything `json` writes, without writing it: its number, what its row is made of
    /// (`SearchRows.inputs`), its folded texts and its slots.
    static func hash(number: String, rowInputs: UInt64, texts: [String], slots: Slots = Slots()) -> UInt64 {
        hash(number: number, rowInputs: rowInputs, textBytes: texts.lazy.map(\.utf8), slots: slots)
    }

    /// `hash`, from each text's UTF-8 (`SearchKeys.textBytes(of:)`, which makes no string).
    static func hash<Texts: Sequence>(
        number: String, rowInputs: UInt64, textBytes texts: Texts, slots: Slots = Slots()
    ) -> UInt64 where Texts.Element: Collection<UInt8> {
        var hash = StableHash()
        slots.forEachWritten { slot in
            hash.add(contentsOf: slot.utf8)
            hash.add(0xFE)
        }
        hash.add(contentsOf: number.utf8)
        hash.add(0xFD)
        hash.mix(rowInputs)
        for text in texts {
            hash.add(contentsOf: text)
            hash.add(0xFF)  // never in UTF-8: ends the text
        }
        return hash.value
    }

    /// The fewest bytes `json` can write for a record, knowing only the bytes of its title and slug
    /// and its texts: no subtitle, no detail, nothing escaped.
    static func floor(number: String, titleAndSlug: Int, texts: [String], slots: Slots = Slots()) -> Int {
        floor(number: number, titleAndSlug: titleAndSlug, textBytes: texts.lazy.map(\.utf8), slots: slots)
    }

    /// `floor`, from each text's UTF-8.
    static func floor<Texts: Sequence>(
        number: String, titleAndSlug: Int, textBytes texts: Texts, slots: Slots = Slots()
    ) -> Int where Texts.Element: Collection<UInt8> {
        var count = 0, bytes = 0
        for text in texts {
            count += 1
            bytes += text.count
        }
        slots.forEachWritten { bytes += 1 + $0.utf8.count }
        // [ number ,"title" ,"" ,"" ,"slug" ,[ "text",… ] ,slot… ]
        return 1 + number.utf8.count + 3 + 3 + 3 + 3 + titleAndSlug + 2 + bytes + 2 * count
            + max(count - 1, 0) + 2
    }
}
