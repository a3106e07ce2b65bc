import WorldFactsModel

/// What a page's sections are called by assistive technology. Each section is a region named by its
/// heading, the bucket's label; but ICU labels the buckets before, between and after the locale's
/// letters all "…", and two regions of one name are one too many (axe's `landmark-unique`). A label that
/// names more than one section of the page names each of them with its guide words: "… Aachen – Zug".
enum SectionNames {
    /// By section: its own name where its label is not unique on the page, else nil (its heading names it).
    static func of(_ sections: [Section], title: (Int) -> String) -> [String?] {
        var count: [String: Int] = [:]
        for section in sections { count[section.letter, default: 0] += 1 }
        return sections.map { section in
            guard count[section.letter]! > 1, let first = section.range.first, let last = section.range.last else {
                return nil
            }
            return section.letter + " " + title(first) + (first == last ? "" : " – " + title(last))
        }
    }
}
