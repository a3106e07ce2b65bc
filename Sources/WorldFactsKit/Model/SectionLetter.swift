import WorldFactsSupport

/// The section a title belongs to: its folded first letter, A to Z, or "#" for anything else.
public enum SectionLetter {
    public static let other = "#"

    public static func of(title: String) -> String {
        let folded = Folding.fold(String(title.prefix(2)))
        guard let first = folded.unicodeScalars.first, first.isASCII,
            first.properties.isLowercase || first.properties.isUppercase
        else { return other }
        return String(first).uppercased()
    }

    /// The anchor id: `section-A` … `section-Z`, `section-other` for "#".
    public static func anchor(for letter: String) -> String {
        letter == other ? "section-other" : "section-\(letter)"
    }

    /// Section order: A to Z, then "#".
    public static func precedes(_ a: String, _ b: String) -> Bool {
        if a == other { return false }
        if b == other { return true }
        return a < b
    }
}
