/// Everything `Content/site.yml` says: the site, the record schema, the index row, the search scopes
/// and the interface strings. No country knowledge lives in Swift; a different site.yml publishes a
/// different record set.
public struct SiteConfig: Sendable {
    public var title: String
    public var locale: String
    public var records: RecordsSpec
    public var fields: [FieldSpec]
    public var index: IndexSpec
    public var search: SearchSpec
    public var strings: InterfaceStrings
    public var credit: Credit?
    /// Notes larger than this many bytes are an error.
    public var noteSizeLimit: Int
    /// Raw HTML inside notes is passed through only when this is true. Unsafe: notes can then run script.
    public var unsafeRawHTML: Bool

    /// How to refer to a value of a record: its key, its title, or one of the declared fields.
    public enum FieldRef: Sendable, Hashable {
        case key
        case title
        case field(Int)
    }

    /// Resolves a field id as written in site.yml.
    public func ref(for id: String) -> FieldRef? {
        if let position = fields.firstIndex(where: { $0.id == id }) { return .field(position) }
        if id == records.titleField { return .title }
        if id == records.keyField { return .key }
        return nil
    }
}

public struct RecordsSpec: Sendable {
    /// The records file, relative to the content folder: a JSON array of objects.
    public var file: String
    public var keyField: String
    public var titleField: String
    /// The output folder of the record pages ("countries").
    public var pagesFolder: String
    /// The notes folder, relative to the content folder; notes are `<key>.md`.
    public var notesFolder: String
}

public enum FieldFormat: String, Sendable, CaseIterable {
    case text, integer, decimal, list, links
}

public struct FieldSpec: Sendable {
    public var id: String
    public var label: String
    public var format: FieldFormat
    /// Printed after a number ("km²").
    public var unit: String?
    /// Fraction digits shown at most for a decimal (trailing zeros are dropped).
    public var fractionDigits: Int
    /// Smallest value a number may take (`min:`); nil allows any.
    public var minimum: Double?
    public var required: Bool
    /// Shown in the facts table of a record page.
    public var show: Bool
}

public struct IndexSpec: Sendable {
    /// Field shown under the title in an index row (the capital).
    public var subtitle: SiteConfig.FieldRef?
    /// Field shown with `detailLabel` in an index row (the population).
    public var detail: SiteConfig.FieldRef?
    public var detailLabel: String
    /// Above this many records the index becomes one page per section (`sections/<letter>.html`).
    public var splitAbove: Int
}

public struct SearchScope: Sendable {
    public var id: String
    public var label: String
    public var fields: [SiteConfig.FieldRef]
}

public struct SearchSpec: Sendable {
    public var scopes: [SearchScope]
    /// A shard larger than this many bytes (before compression) is split by the next character.
    public var shardBudget: Int
    /// How many results a split prefix previews.
    public var previewSize: Int
}

public struct InterfaceStrings: Sendable {
    public var none: String
    public var searchPlaceholder: String
    public var searchLabel: String
    public var noResults: String
    public var top: String
    public var previous: String
    public var next: String
    public var backToIndex: String
    public var neighbours: String
    public var moreResults: String
    /// Announced to screen readers: "{count} results".
    public var resultCount: String
    /// The heading of the 404 page.
    public var notFound: String
    /// How a split index counts a section: "{count} records".
    public var sectionCount: String
}

public struct Credit: Sendable {
    public var text: String
    public var url: String
    public var license: String
}
