import WorldFactsModel
import WorldFactsSupport

/// The texts of one scope for every record, folded, and the routing keys they give: one per word start,
/// so that "korea" reaches "north korea" and "ivory" reaches the alias "ivory coast".
///
/// Kept flat: every text's UTF-8 one after the other and where each text and each record's texts end.
/// That is about a quarter of what an array of strings and of scalars per record takes, which was a
/// fifth of a clean build's peak heap. The scalars that `buckets()` groups are made from them
/// when a scope is indexed, and freed with its buckets.
public struct SearchKeys: Sendable {
    /// Every folded text's UTF-8, record after record.
    let folded: PackedBytes
    /// By record position: where its texts end in `folded`.
    let recordEnds: [Int]

    /// Folded texts of the scope's fields, by record position.
    public var texts: Texts { Texts(keys: self) }

    /// Each record's folded texts, made from the packed bytes when asked for.
    public struct Texts: RandomAccessCollection, Sendable {
        let keys: SearchKeys
        public var startIndex: Int { 0 }
        public var endIndex: Int { keys.recordEnds.count }
        public subscript(position: Int) -> [String] {
            keys.textRange(of: position).map { String(decoding: keys.folded[$0], as: UTF8.self) }
        }
    }

    /// The UTF-8 of each of the record's folded texts, without making strings of them.
    func textBytes(of position: Int) -> LazyMapSequence<Range<Int>, ArraySlice<UInt8>> {
        textRange(of: position).lazy.map { folded[$0] }
    }

    /// Calls `body` with the UTF-8 of each of the record's folded texts, read where it is.
    func withTextBytes<Result>(of position: Int, _ body: (PackedBytes.Strings) -> Result) -> Result {
        folded.withStrings(textRange(of: position), body)
    }

    /// The numbers of the record's texts in `folded`.
    func textRange(of position: Int) -> Range<Int> {
        (position == 0 ? 0 : recordEnds[position - 1])..<recordEnds[position]
    }

    /// Keys from folded texts, by record position (for tests and fuzzing).
    public init(texts: [[String]]) {
        var flat = Flat()
        for record in texts { flat.append(record) }
        self.init(flat)
    }

    /// Texts as they are gathered, record after record.
    struct Flat {
        var folded = PackedBytes()
        var recordEnds: [Int] = []

        mutating func append(_ texts: [String]) {
            for text in texts { folded.append { $0 += text.utf8 } }
            recordEnds.append(folded.count)
        }

        /// Records gathered `chunk` at a time on every core, `texts(position)` giving each one's texts.
        static func gathered(count: Int, chunk: Int = 4_096, _ texts: @Sendable (Int) -> [String]) -> Flat {
            let parts = Parallel.map(count, chunk: chunk) { positions in
                var flat = Flat()
                for position in positions { flat.append(texts(position)) }
                return flat
            }
            var flat = Flat()
            flat.folded = PackedBytes(joining: parts.map(\.folded))
            flat.recordEnds.reserveCapacity(count)
            var base = 0
            for part in parts {
                flat.recordEnds += part.recordEnds.map { $0 + base }
                base += part.folded.count
            }
            return flat
        }
    }

    init(_ flat: Flat) {
        folded = flat.folded
        recordEnds = flat.recordEnds
    }

    /// The keys of a scope for every record of the site, numbered collection after collection
    /// (`RecordCollection.offset`): a record outside the scope's collection has none. The "All" scope's
    /// keys are the other scopes' keys merged (`init(merging:count:)`); `SearchIndex` merges the keys it
    /// has already made rather than folding the texts again.
    public init(site: Site, scope: SearchScope) {
        guard let searched = scope.collection else {
            let scopes = site.config.search.scopes.filter(\.isMember)
            self.init(merging: scopes.map { SearchKeys(site: site, scope: $0) }, count: site.recordCount)
            return
        }
        // The records and the fields are read where they are: read through the collection and the scope,
        // or captured as arrays, each record retained and released them, from every core at once.
        let before = site.collections[searched].offset
        let flat = site.collections[searched].records.withSharedElements { records in
            scope.fields.withSharedElements { fields in
                Flat.gathered(count: site.recordCount) { position in
                    let number = position - before
                    guard number >= 0, number < records.count else { return [] }
                    return Self.fold(records, number, fields)
                }
            }
        }
        self.init(flat)
    }

    /// The keys of the "All" scope, from those of the other scopes: each record's texts of every scope,
    /// each once (a record is outside every scope but its collection's, which gives it none).
    init(merging scopes: [SearchKeys], count: Int) {
        self.init(
            Flat.gathered(count: count) { record in
                var texts: [String] = []
                for scope in scopes {
                    for text in scope.texts[record] where !texts.contains(text) { texts.append(text) }
                }
                return texts
            })
    }

    /// A record's folded texts of some fields, each once.
    static func fold(
        _ records: SharedElements<Record>, _ record: Int, _ refs: SharedElements<SiteConfig.FieldRef>
    ) -> [String] {
        // Made once at a size that holds a record's few texts: grown from empty, each was made two or three
        // times, for every record of every scope.
        var folded: [String] = [], seen: [String] = []
        folded.reserveCapacity(4)
        seen.reserveCapacity(4)
        for ref in refs {
            records[record].value(ref).forEachText { text in
                // A text the record already gave (a name that is its own ASCII name) is folded once.
                if seen.contains(text) { return }
                seen.append(text)
                let key = Folding.fold(text.trimmedOfWhitespace())
                if !key.isEmpty && !folded.contains(key) { folded.append(key) }
            }
        }
        return folded
    }

    /// The most bytes of UTF-8 a routing key keeps of a text from a word start on: the deepest prefix a
    /// shard answers. A longer query is answered by the shard of its first `maxKeyBytes` bytes (a leaf,
    /// since no key goes on below it) and finished in the browser against the record's whole texts, which
    /// every entry carries. It bounds the planner's depth and work per text, and a shard's file name
    /// (`l-` and the prefix's hex: at most 2 + 2 × 64 characters, then `.js`).
    public static let maxKeyBytes = 64

    /// Code point order: the order of keys, shards and prefixes.
    static func inScalarOrder<Scalars: Sequence<Unicode.Scalar>>(_ a: Scalars, _ b: Scalars) -> Bool {
        a.lexicographicallyPrecedes(b) { $0.value < $1.value }
    }

    /// One routing key: the scalars of a text from a word start on, where they are in the scalars of
    /// the scope's texts that its bucket holds (`Bucket.text(of:)`). Sixteen bytes, where a slice of
    /// the scalars took forty, and a scope has about three for each record.
    struct Suffix {
        let record: Int32
        /// Where the key starts in the bucket's scalars, and how many scalars it has.
        let start: Int32
        let count: Int32
        /// True when the key starts at the beginning of the text (a whole-field prefix match).
        let isWhole: Bool
        /// True when the text goes on past the key (`maxKeyBytes`): a longer query may still match it, so
        /// the node where it ends is a leaf, never split (a split would answer such a query nowhere).
        var isCut = false
    }
}
