import WorldFactsModel
import WorldFactsSupport

/// The texts of one scope for every record, folded, and the routing keys they give: one per word start,
/// so that "korea" reaches "north korea" and "ivory" reaches the alias "ivory coast".
///
/// Kept flat: every text's UTF-8 one after the other and where each text and each record's texts end.
/// At 235k records that is about a quarter of what an array of strings and of scalars per record took
/// (86 MB, a fifth of a clean build's peak heap). The scalars that `buckets()` groups are made from them
/// when a scope is indexed, and freed with its buckets.
public struct SearchKeys: Sendable {
    let bytes: [UInt8]
    /// Where each text ends in `bytes` (it starts where the one before ends).
    let textEnds: [Int]
    /// By record position: where its texts end in `textEnds`.
    let recordEnds: [Int]

    /// Folded texts of the scope's fields, by record position.
    public var texts: Texts { Texts(keys: self) }

    /// Each record's folded texts, made from the flat bytes when asked for.
    public struct Texts: RandomAccessCollection, Sendable {
        let keys: SearchKeys
        public var startIndex: Int { 0 }
        public var endIndex: Int { keys.recordEnds.count }
        public subscript(position: Int) -> [String] {
            keys.textRange(of: position).map { String(decoding: keys.bytes[keys.byteRange(of: $0)], as: UTF8.self) }
        }
    }

    /// The UTF-8 of each of the record's folded texts, without making strings of them.
    func textBytes(of position: Int) -> LazyMapSequence<Range<Int>, ArraySlice<UInt8>> {
        textRange(of: position).lazy.map { bytes[byteRange(of: $0)] }
    }

    /// The numbers of the record's texts.
    func textRange(of position: Int) -> Range<Int> {
        (position == 0 ? 0 : recordEnds[position - 1])..<recordEnds[position]
    }

    /// Where a text's UTF-8 is in `bytes`.
    func byteRange(of text: Int) -> Range<Int> { (text == 0 ? 0 : textEnds[text - 1])..<textEnds[text] }

    /// Keys from folded texts, by record position (for tests, fuzzing and the build's snapshot).
    public init(texts: [[String]]) {
        var flat = Flat()
        for record in texts { flat.append(record) }
        self.init(flat)
    }

    /// Texts as they are gathered, flat, record after record.
    struct Flat {
        var bytes: [UInt8] = []
        var textEnds: [Int] = []
        var recordEnds: [Int] = []

        mutating func append(_ texts: [String]) {
            for text in texts {
                bytes += text.utf8
                textEnds.append(bytes.count)
            }
            recordEnds.append(textEnds.count)
        }

        /// Appends records gathered apart (a chunk of them, on another core).
        mutating func append(_ other: Flat) {
            let (byteBase, textBase) = (bytes.count, textEnds.count)
            bytes += other.bytes
            textEnds += other.textEnds.map { $0 + byteBase }
            recordEnds += other.recordEnds.map { $0 + textBase }
        }

        /// Records gathered `chunk` at a time on every core, `texts(position)` giving each one's texts.
        static func gathered(count: Int, chunk: Int = 4_096, _ texts: @Sendable (Int) -> [String]) -> Flat {
            let parts = Parallel.map((count + chunk - 1) / chunk) { number in
                var flat = Flat()
                for position in number * chunk..<min(count, (number + 1) * chunk) { flat.append(texts(position)) }
                return flat
            }
            var flat = Flat()
            flat.bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
            flat.textEnds.reserveCapacity(parts.reduce(0) { $0 + $1.textEnds.count })
            flat.recordEnds.reserveCapacity(count)
            for part in parts { flat.append(part) }
            return flat
        }
    }

    init(_ flat: Flat) {
        bytes = flat.bytes
        textEnds = flat.textEnds
        recordEnds = flat.recordEnds
    }

    /// The keys of a scope for every record of the site, numbered collection after collection
    /// (`RecordCollection.offset`): a record outside the scope's collection has none. The "All" scope's
    /// keys are the other scopes' keys merged (`init(merging:count:)`); `SearchIndex` merges the keys it
    /// has already made rather than folding the texts again.
    public init(site: Site, scope: SearchScope) {
        guard let searched = scope.collection else {
            let scopes = site.config.search.scopes.filter { $0.collection != nil }
            self.init(merging: scopes.map { SearchKeys(site: site, scope: $0) }, count: site.recordCount)
            return
        }
        let collection = site.collections[searched]
        let before = collection.offset
        self.init(
            Flat.gathered(count: site.recordCount) { position in
                let number = position - before
                guard number >= 0, number < collection.records.count else { return [] }
                return Self.fold(collection.records[number], scope.fields)
            })
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
    static func fold(_ record: Record, _ refs: [SiteConfig.FieldRef]) -> [String] {
        var folded: [String] = [], seen: [String] = []
        for ref in refs {
            for text in record.value(ref).texts {
                // A text the record already gave (a name that is its own ASCII name) is folded once.
                if seen.contains(text) { continue }
                seen.append(text)
                let key = Folding.fold(String(text.trimmingWhitespace()))
                if !key.isEmpty && !folded.contains(key) { folded.append(key) }
            }
        }
        return folded
    }

    /// Code point order: the order of keys, shards and prefixes.
    static func inScalarOrder<Scalars: Sequence<Unicode.Scalar>>(_ a: Scalars, _ b: Scalars) -> Bool {
        a.lexicographicallyPrecedes(b) { $0.value < $1.value }
    }

    /// One routing key: the scalars of a text from a word start on, where they are in the scalars of
    /// the scope's texts that its bucket holds (`Bucket.text(of:)`). Sixteen bytes, where a slice of
    /// the scalars took forty: a scope of 235k records has some 700k of them.
    struct Suffix {
        let record: Int32
        /// Where the key starts in the bucket's scalars, and how many scalars it has.
        let start: Int32
        let count: Int32
        /// True when the key starts at the beginning of the text (a whole-field prefix match).
        let isWhole: Bool
    }
}
