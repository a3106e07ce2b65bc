import WorldFactsSupport

/// The one slug rule: a record key becomes a lowercase ASCII file name of letters, digits, '-' and '_'.
/// Anything else becomes '-', runs of '-' collapse, ends are trimmed, at most 80 characters,
/// names Windows reserves (and `index`, the name of an index page) get a trailing '_'. Returns nil when
/// nothing usable is left.
public enum Slug {
    static let maximumLength = 80
    static let reserved: Set<String> = {
        var names: Set<String> = ["con", "prn", "aux", "nul", "index"]  // index: a collection's index page
        for n in 1...9 { names.insert("com\(n)"); names.insert("lpt\(n)") }
        return names
    }()

    public static func make(from key: String) -> String? {
        var slug = ""
        var lastWasDash = true
        for scalar in Folding.fold(key).unicodeScalars {
            let keep = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            if keep {
                slug.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                slug.append("-")
                lastWasDash = true
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.count > maximumLength {
            slug = String(slug.prefix(maximumLength))
            while slug.hasSuffix("-") { slug.removeLast() }
        }
        if slug.isEmpty { return nil }
        if reserved.contains(slug) { slug += "_" }
        return slug
    }
}
