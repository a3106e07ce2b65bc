import WorldFactsModel
import WorldFactsSupport

/// The texts of one scope for every record, folded, and the routing keys they give: one per word start,
/// so that "korea" reaches "north korea" and "ivory" reaches the alias "ivory coast".
public struct SearchKeys: Sendable {
    /// Folded texts of the scope's fields, by record position.
    public let texts: [[String]]
    /// The same texts as scalars, with their word starts: what `buckets()` groups.
    let keys: [[Key]]

    /// A folded text's scalars and the offsets of its later word starts.
    struct Key: Sendable {
        let scalars: [Unicode.Scalar]
        let laterWordStarts: [Int]

        init(_ text: String) {
            scalars = Array(text.unicodeScalars)
            laterWordStarts = Folding.laterWordStartOffsets(scalars)
        }
    }

    /// Keys from folded texts, by record position (for tests and fuzzing).
    public init(texts: [[String]]) {
        self.texts = texts
        keys = texts.map { $0.map(Key.init) }
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
        var folded: [([String], [Key])] = []
        folded.reserveCapacity(site.recordCount)
        for collection in site.collections {
            guard collection.number == searched else {
                folded += repeatElement(([], []), count: collection.records.count)
                continue
            }
            folded += Parallel.map(collection.records.count) { position in
                Self.fold(collection.records[position], scope.fields)
            }
        }
        self.init(texts: folded.map(\.0), keys: folded.map(\.1))
    }

    private init(texts: [[String]], keys: [[Key]]) {
        self.texts = texts
        self.keys = keys
    }

    /// The keys of the "All" scope, from those of the other scopes: each record's texts of every scope,
    /// each once (a record is outside every scope but its collection's, which gives it none).
    init(merging scopes: [SearchKeys], count: Int) {
        var texts = [[String]](repeating: [], count: count)
        var keys = [[Key]](repeating: [], count: count)
        for scope in scopes {
            for record in 0..<count {
                for (text, key) in zip(scope.texts[record], scope.keys[record]) where !texts[record].contains(text) {
                    texts[record].append(text)
                    keys[record].append(key)
                }
            }
        }
        self.init(texts: texts, keys: keys)
    }

    /// A record's folded texts of some fields, each once, and their keys.
    static func fold(_ record: Record, _ refs: [SiteConfig.FieldRef]) -> ([String], [Key]) {
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
        return (folded, folded.map(Key.init))
    }

    /// Code point order: the order of keys, shards and prefixes.
    static func inScalarOrder<Scalars: Sequence<Unicode.Scalar>>(_ a: Scalars, _ b: Scalars) -> Bool {
        a.lexicographicallyPrecedes(b) { $0.value < $1.value }
    }

    /// One routing key: the scalars of a text from a word start on.
    struct Suffix {
        let record: Int32
        /// True when the key starts at the beginning of the text (a whole-field prefix match).
        let isWhole: Bool
        let scalars: ArraySlice<Unicode.Scalar>
    }
}
