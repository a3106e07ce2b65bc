import Foundation

/// The one folding used for sections, collation and search, defined in README ("Folding") and pinned
/// by `Tests/Fixtures/fold-vectors.json`, which the JavaScript twin in `Templates/assets/search.js`
/// must pass too:
/// NFKD, lowercase, NFKD again, drop every combining mark (general category M), then map the letters
/// that do not decompose (ß→ss, æ→ae, œ→oe, ø→o, ł→l, đ→d, ð→d, þ→th, ı→i, ħ→h, ŧ→t).
public enum Folding {
    static let letterMap: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d",
        "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t",
    ]

    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.lowercased()  // ASCII fast path: nothing decomposes or is mapped
        }
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

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Letters and digits make words; everything else separates them (the JS uses `[\p{L}\p{N}]`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    /// The suffixes of a folded text that start a word after the first: "cote d'ivoire" → ["ivoire"].
    public static func laterWordStarts(_ folded: String) -> [Substring] {
        var starts: [Substring] = []
        var previousIsWord = true
        let scalars = folded.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let isWord = isWordScalar(scalars[index])
            if isWord && !previousIsWord {
                starts.append(Substring(scalars[index...]))
            }
            previousIsWord = isWord
            index = scalars.index(after: index)
        }
        return starts
    }
}
