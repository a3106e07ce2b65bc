import WorldFactsModel
import WorldFactsSupport

/// The words a full-text scope finds a note by, each with a snippet of the note around its first
/// occurrence. Pure: a note's plain text in, its words out.
///
/// The text is cut at white space into tokens. A token's word starts (a letter or digit after a character
/// that is neither, or at the token's start) are where a query word may match, as in a field
/// (`Folding.laterWordStartOffsets`): each gives a key, the folded token from that start on, so
/// "(Vatnajökull)" gives "vatnajokull)" and "d'Ivoire" gives "d'ivoire" and "ivoire". A query word matches
/// the note when a key starts with it. A key keeps at most `SearchKeys.maxKeyBytes` bytes of UTF-8: a longer
/// one is cut (`isCut`), and a query word that starts with it matches too.
///
/// Every key is made once per note (the first occurrence), so a note's words cost no more than its
/// length, however often a word repeats.
struct NoteWords {
    struct Word: Equatable {
        /// The folded token from a word start on, cut at `SearchKeys.maxKeyBytes` bytes.
        var key: String
        /// True when the token went on past the cut.
        var isCut: Bool
        /// Where the token first occurs, in scalars of the white-space-collapsed text: which match is first.
        var order: Int
        /// The text around that occurrence, as written, with "…" where it was cut.
        var snippet: String
    }

    /// Scalars of a snippet before the token it shows, and from the token's start on.
    static let before = 40
    static let after = 110

    /// The note's words, in the order of their first occurrence.
    static func of(_ text: String) -> [Word] {
        let scalars = collapsed(text)
        var words: [Word] = []
        var seen = Set<String>()
        var start = 0
        while start < scalars.count {
            var end = start
            while end < scalars.count, scalars[end] != " " { end += 1 }
            var token = String.UnicodeScalarView()
            token.append(contentsOf: scalars[start..<end])
            let folded = Array(Folding.fold(String(token)).unicodeScalars)
            var starts = Folding.laterWordStartOffsets(folded[...])
            if let first = folded.first, Folding.isWordScalar(first) { starts.insert(0, at: 0) }
            var snippet: String? = nil
            for offset in starts {
                let (key, isCut) = cut(folded[offset...])
                guard seen.insert(key).inserted else { continue }
                if snippet == nil { snippet = self.snippet(of: scalars, token: start..<end) }
                words.append(Word(key: key, isCut: isCut, order: start, snippet: snippet!))
            }
            start = end + 1
        }
        return words
    }

    /// The text with every run of white space one space, and none at either end.
    static func collapsed(_ text: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        var space = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                space = !scalars.isEmpty
            } else {
                if space { scalars.append(" ") }
                space = false
                scalars.append(scalar)
            }
        }
        return scalars
    }

    /// A folded key of at most `SearchKeys.maxKeyBytes` bytes, cut at a scalar, and whether it was cut.
    static func cut(_ scalars: ArraySlice<Unicode.Scalar>) -> (key: String, isCut: Bool) {
        var key = String.UnicodeScalarView()
        var bytes = 0
        for scalar in scalars {
            bytes += UTF8.width(scalar)
            if bytes > SearchKeys.maxKeyBytes { return (String(key), true) }
            key.append(scalar)
        }
        return (String(key), false)
    }

    /// The text around `token`: from a token start up to `before` scalars ahead of it, to a token end up
    /// to `after` scalars from its start (or that far into a longer token), with "…" at a cut end.
    static func snippet(of scalars: [Unicode.Scalar], token: Range<Int>) -> String {
        var from = max(token.lowerBound - before, 0)
        if from > 0 {
            while from < token.lowerBound, scalars[from - 1] != " " { from += 1 }
        }
        var to = min(token.lowerBound + after, scalars.count)
        if to < scalars.count, to > token.upperBound {
            var end = to
            while end > token.upperBound, scalars[end] != " " { end -= 1 }
            to = end
        }
        var text = String.UnicodeScalarView()
        if from > 0 { text.append("…") }
        text.append(contentsOf: scalars[from..<to])
        if to < scalars.count { text.append("…") }
        return String(text)
    }
}
