import WorldFactsModel
import WorldFactsSupport

/// One record's entry in a shard, and what is known of it before it is written: its hash (what decides
/// whether its shards change) and its floor (the fewest bytes it can take, which decides whether its
/// bucket must split). An entry is `[position, title, subtitle, detail, slug, [folded texts…]]`; in a
/// ranked collection its score after it (`RecordRanks`, `null` when it has none); and in the "All" scope of
/// a site of several collections its score (or `null`) and the number of its collection after that, as
/// JSON that cannot close a script element (`JSONText`); in a scope with filters, those slots and the
/// record's filter values after them (`ScopeFilters`). The slug is the record page's name: the manifest
/// gives each collection's pages folder (`"pages"`), and each scope's collection (`"c"`), so an entry does
/// not repeat what every entry of its collection shares; nor does it repeat its collection's label.
enum ShardEntry {
    /// The entry's JSON.
    static func json(
        position: Int, row: IndexRow, texts: [String], rank: String? = nil, collection: Int? = nil,
        filters: String? = nil
    ) -> String {
        var bytes: [UInt8] = []
        appendHead(position: position, row: row, to: &bytes)
        appendTail(texts: texts, rank: rank, collection: collection, filters: filters, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The part of the entry that every scope shares, `[position,"title","subtitle","detail","slug"`.
    static func appendHead(position: Int, row: IndexRow, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        bytes.append(contentsOf: String(position).utf8)
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

    /// The part of the entry that is the scope's own: `,[folded texts…]`, the score (`RecordRanks.text`),
    /// the collection's number, and the closing `]`.
    static func appendTail(
        texts: [String], rank: String? = nil, collection: Int?, filters: String? = nil, to bytes: inout [UInt8]
    ) {
        var packed = PackedBytes()
        for text in texts { packed.append { $0 += text.utf8 } }
        packed.withStrings(0..<packed.count) {
            appendTail(textBytes: $0, rank: rank, collection: collection, filters: filters, to: &bytes)
        }
    }

    /// `appendTail`, from each text's UTF-8 (`SearchKeys.textBytes(of:)`, which makes no string).
    /// With `filters` (`ScopeFilters.text`), the score and collection slots are there (`null` when empty)
    /// and the filters' values follow them.
    static func appendTail(
        textBytes texts: PackedBytes.Strings, rank: String? = nil, collection: Int?, filters: String? = nil,
        to bytes: inout [UInt8]
    ) {
        bytes.append(contentsOf: ",[".utf8)
        for (offset, text) in texts.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(utf8: text, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        if let rank = rank ?? filters.map({ _ in "null" }) {
            bytes.append(UInt8(ascii: ","))
            bytes += rank.utf8
        }
        if let collection = collection.map(String.init) ?? filters.map({ _ in "null" }) {
            bytes.append(UInt8(ascii: ","))
            bytes += collection.utf8
        }
        if let filters {
            bytes.append(UInt8(ascii: ","))
            bytes += filters.utf8
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// How many bytes `appendTail(textBytes:collection:to:)` appends, counted without appending them.
    static func tailCount(
        textBytes texts: PackedBytes.Strings, rank: String? = nil, collection: Int?, filters: String? = nil
    ) -> Int {
        var count = 2 + 1 + 1  // ,[ ] ]
        for (offset, text) in texts.enumerated() { count += (offset > 0 ? 1 : 0) + JSONText.quotedCount(utf8: text) }
        if let rank = rank ?? filters.map({ _ in "null" }) { count += 1 + rank.utf8.count }
        if let collection = collection.map(String.init) ?? filters.map({ _ in "null" }) {
            count += 1 + collection.utf8.count
        }
        if let filters { count += 1 + filters.utf8.count }
        return count
    }

    /// A hash of everything `json` writes, without writing it: its position, what its row is made of
    /// (`SearchRows.inputs`), its folded texts, its score and its collection's number.
    static func hash(
        position: Int, rowInputs: UInt64, texts: [String], rank: String? = nil, collection: Int? = nil,
        filters: String? = nil
    ) -> UInt64 {
        hash(
            position: position, rowInputs: rowInputs, textBytes: texts.lazy.map(\.utf8), rank: rank,
            collection: collection, filters: filters)
    }

    /// `hash`, from each text's UTF-8 (`SearchKeys.textBytes(of:)`, which makes no string).
    static func hash<Texts: Sequence>(
        position: Int, rowInputs: UInt64, textBytes texts: Texts, rank: String? = nil, collection: Int? = nil,
        filters: String? = nil
    ) -> UInt64 where Texts.Element: Collection<UInt8> {
        var hash = StableHash()
        if let filters {
            hash.add(contentsOf: filters.utf8)
            hash.add(0xFC)
        }
        if let rank {
            hash.add(contentsOf: rank.utf8)
            hash.add(0xFD)
        }
        if let collection {
            hash.add(contentsOf: String(collection).utf8)
            hash.add(0xFE)
        }
        hash.mix(UInt64(position))
        hash.mix(rowInputs)
        for text in texts {
            hash.add(contentsOf: text)
            hash.add(0xFF)  // never in UTF-8: ends the text
        }
        return hash.value
    }

    /// The fewest bytes `json` can write for a record, knowing only the bytes of its title and slug
    /// and its texts: no subtitle, no detail, nothing escaped.
    static func floor(
        position: Int, titleAndSlug: Int, texts: [String], rank: String? = nil, collection: Int? = nil,
        filters: String? = nil
    ) -> Int {
        floor(
            position: position, titleAndSlug: titleAndSlug, textBytes: texts.lazy.map(\.utf8), rank: rank,
            collection: collection, filters: filters)
    }

    /// `floor`, from each text's UTF-8.
    static func floor<Texts: Sequence>(
        position: Int, titleAndSlug: Int, textBytes texts: Texts, rank: String? = nil, collection: Int? = nil,
        filters: String? = nil
    ) -> Int where Texts.Element: Collection<UInt8> {
        var count = 0, bytes = 0
        for text in texts {
            count += 1
            bytes += text.count
        }
        // [ position ,"title" ,"" ,"" ,"slug" ,[ "text",… ] ,rank ,collection ]
        return 1 + String(position).utf8.count + 3 + 3 + 3 + 3 + titleAndSlug + 2 + bytes + 2 * count
            + max(count - 1, 0) + 2 + (rank.map { $0.utf8.count + 1 } ?? (filters == nil ? 0 : 5))
            + (collection.map { String($0).utf8.count + 1 } ?? (filters == nil ? 0 : 5))
            + (filters.map { $0.utf8.count + 1 } ?? 0)
    }
}
