import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// The rows that list records (an index, a group page, a list on a record page, a search result), for
/// every collection, and what each is made of. A row's subtitle or detail that is a link field shows the
/// titles of the records it names, not their keys.
public struct IndexRows: Sendable {
    public let site: Site
    public let formatter: ValueFormatter
    /// In a language other than the default: the default's tag, which links to the pages of a collection
    /// that has none in this language carry (`hreflang`).
    public let defaultLanguage: String?

    public init(site: Site) {
        self.site = site
        formatter = ValueFormatter(config: site.config)
        defaultLanguage =
            site.config.isEdition
            ? site.config.languages.first.map { KnownLocales.languageTag($0.locale) ?? $0.locale } : nil
    }

    /// The row of a record. It reads the collection and the record where they are, through stored
    /// properties only: a method called on the collection, or the collection or the record passed whole,
    /// would copy it (every array of it retained and released) for every row.
    public func row(_ collection: Int, _ position: Int) -> IndexRow {
        let index = site.collections[collection].spec.index
        // A value the record does not have shows nothing: no `strings.none`, and no empty element.
        let subtitle = index.subtitle.flatMap {
            hasValue(collection, position, $0) ? text(collection, position, $0) : nil
        }
        let detail = index.detail.flatMap { hasValue(collection, position, $0) ? text(collection, position, $0) : nil }
        var row = IndexRow(
            title: site.collections[collection].records[position].title,
            path: site.pagePath(of: (collection, position)), subtitle: subtitle,
            detail: detail.map { index.detailLabel.isEmpty ? $0 : index.detailLabel + " " + $0 })
        if !site.collections[collection].spec.hasPages { row.hreflang = defaultLanguage }
        return row
    }

    /// A row as a template sees it, from a page at `root`.
    static func context(_ row: IndexRow, root: String) -> TemplateValue {
        var values = TemplateObject(capacity: 4)
        values["title"] = .text(row.title)
        values["href"] = .text(concat(root, row.path))
        if let subtitle = row.subtitle { values["subtitle"] = .text(subtitle) }
        if let detail = row.detail { values["detail"] = .text(detail) }
        if let hreflang = row.hreflang { values["hreflang"] = .text(hreflang) }
        return .object(values)
    }

    /// A value of the record at `position` of a collection, as a row shows it.
    func text(_ collection: Int, _ position: Int, _ ref: SiteConfig.FieldRef) -> String {
        guard case .field(let field) = ref else {
            return formatter.text(site.collections[collection].records[position].value(ref), nil)
        }
        let value = site.collections[collection].records[position].values[field]
        guard site.collections[collection].spec.fields[field].format.isLink else {
            return formatter.text(
                value, of: site.collections[collection].spec.fields[field],
                in: site.collections[collection].records[position].values)
        }
        let titles = linkKeys(value).map { key in
            site.target(of: site.collections[collection].spec.fields[field], key: key).map { site.title(of: $0) } ?? key
        }
        return titles.isEmpty ? formatter.none : titles.joined(separator: ", ")
    }

    /// Whether the record has a value for a field a row shows (a key and a title always do).
    func hasValue(_ collection: Int, _ position: Int, _ ref: SiteConfig.FieldRef) -> Bool {
        guard case .field(let field) = ref else { return true }
        return !site.collections[collection].records[position].values[field].isEmpty
    }

    /// The keys a link value names that a page can show (`FieldValue.keys` without empty ones).
    func linkKeys(_ value: FieldValue) -> [String] {
        value.keys.filter { !$0.isEmpty }
    }

    /// What every row's input fingerprint shares: the generator and the config.
    public func inputsBase(configText: String) -> ContextFingerprint {
        var hash = ContextFingerprint()
        hash.add(GeneratorVersion.current)
        hash.add("row")
        hash.add(configText)
        return hash
    }

    /// What `row(collection, position)` is made of, hashed without making it: the config (in `base`), the
    /// record's title and the values its subtitle and detail show, its page's name and the titles of the
    /// records its shown link fields name. A value no row shows is left out, so that an edit of it changes
    /// no row, and no search file (whose entries are rows). Anything `row` starts to read must be added here
    /// (a test compares the two on edits).
    public func inputs(_ collection: Int, _ position: Int, base: ContextFingerprint) -> UInt64 {
        // The record read where it is: a copy of it retained and released each of its arrays, for every row.
        var hash = base
        hash.mix(UInt64(collection))
        hash.add(site.collections[collection].records[position].title)
        hash.add(site.collections[collection].slugs[position])  // the rest of the page path is the config's
        let index = site.collections[collection].spec.index
        for ref in [index.subtitle, index.detail] {
            guard let ref else {
                hash.add(0xFE)
                continue
            }
            hash.add(field: site.collections[collection].records[position].value(ref))
            guard case .field(let number) = ref else { continue }
            let field = site.collections[collection].spec.fields[number]
            // A number's unit from another field of the record (`unit_field:`).
            if let unitField = field.unitField {
                hash.add(field: site.collections[collection].records[position].values[unitField])
            }
            // A time zone's offset changes with the seasons: the text the row shows.
            if field.shownAs?.kind == .timezone {
                hash.add(formatter.text(site.collections[collection].records[position].values[number], field))
            }
            guard field.format.isLink else { continue }
            for key in linkKeys(site.collections[collection].records[position].values[number]) {
                if let target = site.target(of: field, key: key) {
                    hash.add(1)
                    hash.add(site.title(of: target))
                } else {
                    hash.add(0)
                }
            }
        }
        return hash.number
    }
}
