import Foundation
import WorldFactsSupport

/// The one folding used for sections, collation and search, defined in docs/search.md ("Folding") and pinned
/// by `Tests/Fixtures/fold-vectors.json`, which the JavaScript counterpart in `Templates/assets/search/00-fold.js`
/// must pass too:
/// NFKD, lowercase, NFKD again, drop every combining mark (general category M), then map the letters
/// that do not decompose (ß→ss, æ→ae, œ→oe, ø→o, ł→l, đ→d, ð→d, þ→th, ı→i, ħ→h, ŧ→t, and final ς→σ
/// because JavaScript lowercases Σ by context).
public enum Folding {
    package static let letterMap: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d",
        "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t", "ς": "σ",
    ]

    public static func fold(_ text: String) -> String {
        if let folded = foldASCII(text) { return folded }
        if let folded = foldLatin(text) { return folded }
        return foldFully(text)
    }

    /// ASCII text folds by lowering its capitals: nothing decomposes or is mapped. Nil when the text is
    /// not all ASCII.
    package static func foldASCII(_ text: String) -> String? { UTF8Runs.asciiLowercased(text) }

    /// The first code points that `latin` covers: ASCII, Latin-1 and Latin Extended-A and -B.
    @usableFromInline
    package static let latinEnd: UInt32 = 0x250

    /// Each of those code points folded on its own by the full folding. Below U+0250 there are no
    /// combining marks and no case rule that looks at neighbours, so a text of them folds as its
    /// code points do one by one (a test compares the two on every one and on random texts).
    package static let latin: [String] = (0..<latinEnd).map { foldFully(String(Unicode.Scalar($0)!)) }

    /// The folding of a text of Latin code points by table; nil when some code point is beyond it.
    package static func foldLatin(_ text: String) -> String? {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard scalar.value < latinEnd else { return nil }
            result += latin[Int(scalar.value)]
        }
        return result
    }

    package static func foldFully(_ text: String) -> String {
        let lowered = text.decomposedStringWithCompatibilityMapping.lowercased()
            .decomposedStringWithCompatibilityMapping
        var result = String.UnicodeScalarView()
        for scalar in lowered.unicodeScalars {
            if isMark(scalar) { continue }
            if let mapped = letterMap[scalar] {
                result.append(contentsOf: mapped.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    package static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Letters and digits make words; everything else separates them (the JS uses `[\p{L}\p{N}]`).
    @inlinable
    package static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < latinEnd { return latinIsWord[Int(scalar.value)] }
        return isWordByCategory(scalar)
    }

    /// `isWordScalar` of the Latin code points, by table: most texts are made of them.
    @usableFromInline
    package static let latinIsWord: [Bool] = (0..<latinEnd).map { isWordByCategory(Unicode.Scalar($0)!) }

    @usableFromInline
    package static func isWordByCategory(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    /// Offsets (in scalars) of the word starts after the first: a word scalar after a non-word one.
    package static func laterWordStartOffsets(_ scalars: ArraySlice<Unicode.Scalar>) -> [Int] {
        var offsets: [Int] = []
        var previousIsWord = true
        for (offset, scalar) in scalars.enumerated() {
            let isWord = isWordScalar(scalar)
            if isWord && !previousIsWord { offsets.append(offset) }
            previousIsWord = isWord
        }
        return offsets
    }

    /// The suffixes of a folded text that start a word after the first: "cote d'ivoire" → ["d'ivoire", "ivoire"].
    /// Each is a slice of `folded`, not a copy: copies made the suffixes of a long text cost its length
    /// squared.
    public static func laterWordStarts(_ folded: String) -> [Substring] {
        var starts: [Substring] = []
        var previousIsWord = true
        let scalars = folded.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let isWord = isWordScalar(scalars[index])
            if isWord && !previousIsWord { starts.append(Substring(scalars[index...])) }
            previousIsWord = isWord
            scalars.formIndex(after: &index)
        }
        return starts
    }
}
