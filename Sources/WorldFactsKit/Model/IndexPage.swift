import WorldFactsSupport

/// A page of a split index: a whole section, or, for a section over `index.section_size` records, one
/// part of it, cut where the records' first two letters change (Sa…Sc, Sd…Sh). Its guide words, as a
/// dictionary's, are the titles of its first and last records.
public struct IndexPage: Sendable, Hashable {
    public var section: Int
    /// Positions of its records in the collection.
    public var range: Range<Int>
    /// Relative to the output root.
    public var path: String

    /// The pages of a split index: one per section, or the parts of a large one (`sections/<name>.html`,
    /// or `sections/<name>-1.html`, `-2`, …, the section's name lowercased).
    public static func make(
        sections: [Section], titles: [String], folder: String, sectionSize: Int, collation: Collation
    ) -> [IndexPage] {
        var pages: [IndexPage] = []
        for (number, section) in sections.enumerated() {
            let name = folder + "sections/" + section.name.lowercased()
            guard section.range.count > sectionSize else {
                pages.append(IndexPage(section: number, range: section.range, path: name + ".html"))
                continue
            }
            // A cut looks at each record's prefix and its neighbour's: each prefix is keyed once.
            var prefixes = [[UInt8]?](repeating: nil, count: section.range.count)
            let parts = cut(section.range, size: sectionSize) { position in
                let offset = position - section.range.lowerBound
                if let known = prefixes[offset] { return known }
                let prefix = Self.firstTwo(titles[position], collation: collation)
                prefixes[offset] = prefix
                return prefix
            }
            for (part, range) in parts.enumerated() {
                pages.append(IndexPage(section: number, range: range, path: name + "-\(part + 1).html"))
            }
        }
        return pages
    }

    /// Consecutive ranges of at most `size` records (unless one prefix alone has more), each ending
    /// where the prefix changes when it can.
    static func cut<Prefix: Equatable>(_ range: Range<Int>, size: Int, prefix: (Int) -> Prefix) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var end = min(start + size, range.upperBound)
            if end < range.upperBound {
                var boundary = end
                while boundary > start + 1, prefix(boundary) == prefix(boundary - 1) { boundary -= 1 }
                if boundary > start + 1 {
                    end = boundary
                } else {
                    // One prefix holds more than a page: it ends the page where it ends.
                    while end < range.upperBound, prefix(end) == prefix(end - 1) { end += 1 }
                }
            }
            parts.append(start..<end)
            start = end
        }
        return parts
    }

    /// Its guide words, as a dictionary's: the titles of its first and last records, `title` giving the
    /// title of each position of its range.
    public func guideWords(title: (Int) -> String) -> String {
        let first = title(range.lowerBound)
        return range.count == 1 ? first : "\(first) – \(title(range.upperBound - 1))"
    }

    /// The first two characters of a title at primary strength (letters alike in accent and case alike):
    /// what a part of a large section is cut by.
    static func firstTwo(_ title: String, collation: Collation) -> [UInt8] {
        collation.primaryKey(String(title.prefix(2)))
    }
}
