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
            var folded: [String] = []
            for ref in scope.fields {
                for text in site.records[position].value(ref).texts {
                    let key = Folding.fold(String(text.trimmingWhitespace()))
                    if !key.isEmpty && !folded.contains(key) { folded.append(key) }
                }
            }
            return folded
        }
    }

    /// One routing key: the scalars of a text from a word start on.
    struct Suffix {
        let record: Int32
        /// True when the key starts at the beginning of the text (a whole-field prefix match).
        let isWhole: Bool
        let scalars: ArraySlice<Unicode.Scalar>

        /// Code point order, then record order: one pass over the common prefix.
        static func precedes(_ a: Suffix, _ b: Suffix) -> Bool {
            var i = a.scalars.startIndex, j = b.scalars.startIndex
            while i < a.scalars.endIndex && j < b.scalars.endIndex {
                let (x, y) = (a.scalars[i].value, b.scalars[j].value)
                if x != y { return x < y }
                i += 1
                j += 1
            }
            let (aEnded, bEnded) = (i == a.scalars.endIndex, j == b.scalars.endIndex)
            return aEnded && bEnded ? a.record < b.record : aEnded
        }
    }

    func suffixes() -> [Suffix] {
        var result: [Suffix] = []
        for (record, recordTexts) in texts.enumerated() {
            for text in recordTexts {
                let scalars = Array(text.unicodeScalars)
                result.append(Suffix(record: Int32(record), isWhole: true, scalars: scalars[...]))
                for offset in Folding.laterWordStartOffsets(scalars) {
                    result.append(Suffix(record: Int32(record), isWhole: false, scalars: scalars[offset...]))
                }
            }
        }
        return result
    }
}
