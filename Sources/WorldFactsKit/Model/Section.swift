import WorldFactsSupport

/// A section of the index: one bucket of the locale's alphabetic index (`Collation.Bucket`), with the
/// positions of its records in `Site.records`.
public struct Section: Sendable, Hashable {
    /// ICU's label of the bucket: "A", "Å", "あ", or "…" for the buckets outside the locale's letters.
    public var letter: String
    /// `section-<name>`: `section-A`, or `section-3` for a label that is not ASCII letters.
    public var anchor: String
    /// The stable ASCII name of the bucket (`Collation.Bucket.name`), which names its page (`sections/a.html`,
    /// `sections/3.html`).
    public var name: String
    public var range: Range<Int>

    public init(letter: String, name: String, range: Range<Int>) {
        self.letter = letter
        self.anchor = "section-" + name
        self.name = name
        self.range = range
    }

    /// The sections of `count` items in index order: one per run of items in the same bucket of the
    /// locale's alphabetic index.
    public static func runs(count: Int, collation: Collation, bucket: (Int) -> Int) -> [Section] {
        runs(count: count) { item in
            let made = collation.buckets[bucket(item)]
            return (made.label, made.name)
        }
    }

    /// The sections of `count` items, each item's section given by its letter and name: one per run of
    /// items of the same name (a group value's records take the sections of the collection's index).
    public static func runs(count: Int, section: (Int) -> (letter: String, name: String)) -> [Section] {
        var sections: [Section] = []
        for item in 0..<count {
            let (letter, name) = section(item)
            if sections.last?.name != name {
                sections.append(Section(letter: letter, name: name, range: item..<item))
            }
            sections[sections.count - 1].range = sections[sections.count - 1].range.lowerBound..<(item + 1)
        }
        return sections
    }
}
