import WorldFactsSupport

/// The records of a collection grouped by a field's value (a continent, a period): one page per value,
/// listing its records in index order under section headers, and an overview of every value.
public struct Group: Sendable {
    public var spec: GroupSpec
    /// The collection grouped.
    public var collection: Int
    /// In collation order of their titles.
    public var values: [GroupValue]
    private var valueByText: [String: Int]

    /// One value of the field and the records that have it.
    public struct GroupValue: Sendable {
        /// The value as the records hold it: a code, for a field of codes (`FieldSpec.shownAs`).
        public var text: String
        /// As pages show it: the code's name in the site's language, or the text.
        public var title: String
        public var slug: String
        /// Positions in the collection, in its index order.
        public var positions: [Int]
        /// Ranges of `positions`, one per section letter.
        public var sections: [Section]
        /// When it has more records than its collection's index splits above (`index.split_above`): its
        /// pages, a section or a part of one each, as the collection's index is split (`IndexPage`), their
        /// ranges over `positions`, at `<pages>/<slug>/sections/<letter>.html`. Empty otherwise: one page
        /// holds every record.
        public var pages: [IndexPage] = []

        public init(text: String, title: String, slug: String, positions: [Int], sections: [Section]) {
            self.text = text
            self.title = title
            self.slug = slug
            self.positions = positions
            self.sections = sections
        }
    }

    /// The overview of every value, relative to the output root.
    public var overviewPath: String { spec.pagesFolder + "/index.html" }

    /// The page of a value, relative to the output root.
    public func pagePath(of value: Int) -> String { concat(spec.pagesFolder, "/", values[value].slug, ".html") }

    /// The value whose text (as the records hold it) is `text`.
    public func value(of text: String) -> Int? { valueByText[text] }

    /// `collection`: the collection grouped, whose index's `split_above` and `section_size` cut a large
    /// value's page as they cut its index.
    init(spec: GroupSpec, collection: RecordCollection, values: [GroupValue], collation: Collation) {
        self.spec = spec
        self.collection = collection.number
        let index = collection.spec.index
        self.values = values.map { value in
            guard value.positions.count > index.splitAbove else { return value }
            var value = value
            value.pages = IndexPage.make(
                sections: value.sections, titles: value.positions.map { collection.records[$0].title },
                folder: spec.pagesFolder + "/" + value.slug + "/", sectionSize: index.sectionSize,
                collation: collation)
            return value
        }
        valueByText = Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1.text, $0) })
    }

    /// Groups a collection's records by the field's value; records without one are in no group. A value
    /// that gives no file name, or the same one as another value, is an error at the first record that
    /// has it.
    /// `collections`: every collection of the site, which a group through a link reads.
    static func make(
        spec: GroupSpec, collection: RecordCollection, collections: [RecordCollection], collation: Collation
    ) -> (Group, [Diagnostic]) {
        var byText: [String: [Int]] = [:]
        var order: [String] = []
        for (position, record) in collection.records.enumerated() {
            for text in texts(of: record, spec: spec, in: collection, collections: collections) {
                // `texts` gives each value once: a list that names one twice is on its page once.
                if byText[text] == nil { order.append(text) }
                byText[text, default: []].append(position)
            }
        }
        // Codes are shown by name, dates in the locale's style (`FieldSpec.shownAs`), in the collation's locale.
        let field = collection.spec.fields[spec.field]
        let valueField =
            spec.through.flatMap { through in field.target.map { collections[$0].spec.fields[through] } } ?? field
        let translated = Dictionary(uniqueKeysWithValues: spec.valueTitles.pairs.map { ($0.key, $0.value) })
        let locale = collation.language
        let numbers = NumberValues(field: valueField, locale: locale)
        let titles = Dictionary(
            uniqueKeysWithValues: order.map { text in
                (
                    text,
                    translated[text] ?? numbers?.shown(text) ?? valueField.shownAs?.shown(
                        text, locale: locale)
                        ?? text
                )
            })
        if numbers != nil {
            // In numeric order: period 2 before period 10.
            order.sort { (Double($0) ?? 0, $0) < (Double($1) ?? 0, $1) }
        } else {
            // In the locale's order of titles, each sort key made once; titles equal to the collator by code point.
            let keys = Dictionary(uniqueKeysWithValues: order.map { ($0, collation.sortKey(titles[$0]!)) })
            order.sort {
                let order = ByteOrder.compare(keys[$0]!, keys[$1]!)
                return order != 0 ? order < 0 : (titles[$0]!, $0) < (titles[$1]!, $1)
            }
        }
        var diagnostics: [Diagnostic] = []
        var values: [GroupValue] = []
        var ownerOfSlug: [String: String] = [:]
        for text in order {
            let positions = byText[text]!
            let first = collection.records[positions[0]]
            guard let slug = numbers != nil ? NumberValues.slug(text) : Slug.make(from: text) else {
                diagnostics.append(
                    .error(
                        collection.location(of: first), record: first.key, field: field.id,
                        "the group value '\(text)' gives no usable file name; use letters or digits"))
                continue
            }
            if let other = ownerOfSlug[slug] {
                diagnostics.append(
                    .error(
                        collection.location(of: first), record: first.key, field: field.id,
                        "the group values '\(other)' and '\(text)' give the same page name '\(slug)';"
                            + " values must differ in more than case and punctuation"))
                continue
            }
            ownerOfSlug[slug] = text
            let sections = Section.runs(count: positions.count) {
                let section = collection.sections[collection.sectionOfRecord[positions[$0]]]
                return (section.letter, section.name)
            }
            values.append(
                GroupValue(text: text, title: titles[text]!, slug: slug, positions: positions, sections: sections))
        }
        let group = Group(spec: spec, collection: collection, values: values, collation: collation)
        return (group, diagnostics)
    }

    /// The values a record of `collection` has in a group, each once: its text, each item of its list,
    /// or the text of the record its link names; none where that is empty or missing.
    public static func texts(
        of record: Record, spec: GroupSpec, in collection: RecordCollection, collections: [RecordCollection]
    ) -> [String] {
        var texts: [String] = []
        func add(_ value: FieldValue) {
            value.forEachText { text in
                if !text.trimmingWhitespace().isEmpty && !texts.contains(text) { texts.append(text) }
            }
        }
        let value = record.values[spec.field]
        guard let through = spec.through else {
            add(value)
            return texts
        }
        guard case .text(let key) = value, let target = collection.spec.fields[spec.field].target,
            let position = collections[target].position(ofKey: key)
        else { return texts }
        if case .text = collections[target].records[position].values[through] {
            add(collections[target].records[position].values[through])
        }
        return texts
    }
}

/// The values of a group on a number field (an element's period, 1 to 7): shown in the locale's digits, a
/// decimal with its field's digits, and named for files as they are written, a minus sign as `minus-`.
struct NumberValues {
    let formats: LocaleFormats
    let fractionDigits: Int?

    /// Nil for a field that is no number.
    init?(field: FieldSpec, locale: String) {
        switch field.format {
        case .integer: fractionDigits = nil
        case .decimal: fractionDigits = field.fractionDigits
        default: return nil
        }
        formats = LocaleFormats(locale: locale)
    }

    /// A value as its page names it: its number in the locale (a group value's text is the number the
    /// records hold, `FieldValue.forEachText`).
    func shown(_ text: String) -> String? {
        if let fractionDigits { return Double(text).map { formats.format($0, fractionDigits: fractionDigits) } }
        return Int(text).map(formats.format)
    }

    /// The file name of a value's page: `-2.5` is `minus-2-5`, so that it and `2.5` do not share one.
    static func slug(_ text: String) -> String? {
        guard text.hasPrefix("-") else { return Slug.make(from: text) }
        return Slug.make(from: String(text.dropFirst())).map { "minus-" + $0 }
    }
}
