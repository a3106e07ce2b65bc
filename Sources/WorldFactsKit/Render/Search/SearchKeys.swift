import Dispatch

/// The texts of one scope for every record, folded, and the routing keys they give: one per word start,
/// so that "korea" reaches "north korea" and "ivory" reaches the alias "ivory coast".
public struct SearchKeys: Sendable {
    /// Folded texts of the scope's fields, by record position.
    public let texts: [[String]]

    /// Keys from folded texts, by record position (for tests and fuzzing).
    public init(texts: [[String]]) { self.texts = texts }

    public init(site: Site, scope: SearchScope) {
        texts = Slots<[String]>.concurrentMap(site.records.count) { position in
            var folded: [String] = [], seen: [String] = []
            for ref in scope.fields {
                for text in site.records[position].value(ref).texts {
                    // A text the record already gave (a name that is its own ASCII name) is folded once.
                    if seen.contains(text) { continue }
                    seen.append(text)
                    let key = Folding.fold(String(text.trimmingWhitespace()))
                    if !key.isEmpty && !folded.contains(key) { folded.append(key) }
                }
            }
            return folded
        }
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

    /// The suffixes that start with one scalar, in record order: the unit the planner plans on its own
    /// and a rebuild reuses whole. Suffix records are the bucket's own numbers, which rise with record
    /// position, so they sort as positions do; `positions` maps them back.
    struct Bucket {
        let first: Unicode.Scalar
        var suffixes: [Suffix] = []
        var positions: [Int] = []

        /// The bucket's own number for a record position in it.
        func number(of position: Int) -> Int {
            var low = 0, high = positions.count
            while low < high {
                let middle = (low + high) / 2
                if positions[middle] < position { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// Every suffix of every text, grouped by its first scalar, buckets in scalar order.
    func buckets() -> [Bucket] {
        var buckets: [Bucket] = []
        var bucketOfScalar: [UInt32: Int] = [:]
        for (position, recordTexts) in texts.enumerated() {
            for text in recordTexts {
                let scalars = Array(text.unicodeScalars)
                func add(_ offset: Int, isWhole: Bool) {
                    let first = scalars[offset]
                    let number: Int
                    if let existing = bucketOfScalar[first.value] {
                        number = existing
                    } else {
                        number = buckets.count
                        bucketOfScalar[first.value] = number
                        buckets.append(Bucket(first: first))
                    }
                    if buckets[number].positions.last != position { buckets[number].positions.append(position) }
                    let record = Int32(buckets[number].positions.count - 1)
                    buckets[number].suffixes.append(Suffix(record: record, isWhole: isWhole, scalars: scalars[offset...]))
                }
                add(0, isWhole: true)
                for offset in Folding.laterWordStartOffsets(scalars) { add(offset, isWhole: false) }
            }
        }
        return buckets.sorted { $0.first.value < $1.first.value }
    }
}
