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

    /// The sections of `count` items in index order: one per run of items in the same bucket.
    public static func runs(count: Int, collation: Collation, bucket: (Int) -> Int) -> [Section] {
        var sections: [Section] = []
        var last = -1
        for item in 0..<count {
            let number = bucket(item)
            if number != last || sections.isEmpty {
                let made = collation.buckets[number]
                sections.append(Section(letter: made.label, name: made.name, range: item..<item))
                last = number
            }
            sections[sections.count - 1].range = sections[sections.count - 1].range.lowerBound..<(item + 1)
        }
        return sections
    }

    /// The sections of `count` items that each belong to one of the collection's sections: a run of items
    /// in the same section makes one (a group value's records, in index order).
    public static func runs(count: Int, section: (Int) -> Section) -> [Section] {
        var sections: [Section] = []
        for item in 0..<count {
            let of = section(item)
            if sections.last?.name != of.name {
                sections.append(Section(letter: of.letter, name: of.name, range: item..<item))
            }
            sections[sections.count - 1].range = sections[sections.count - 1].range.lowerBound..<(item + 1)
        }
        return sections
    }
}
