/// The texts of one scope for every record, folded, and the routing keys they give: one per word start,
/// so that "korea" reaches "north korea" and "ivory" reaches the alias "ivory coast".
public struct SearchKeys: Sendable {
    /// Folded texts of the scope's fields, by record position.
    public let texts: [[String]]

    /// Keys from folded texts, by record position (for tests and fuzzing).
    public init(texts: [[String]]) { self.texts = texts }

    public init(site: Site, scope: SearchScope) {
        texts = site.records.map { record in
            var folded: [String] = []
            for ref in scope.fields {
                for text in record.value(ref).texts {
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
