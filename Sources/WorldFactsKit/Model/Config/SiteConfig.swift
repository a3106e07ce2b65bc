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

    public init(
        title: String, locale: String, records: RecordsSpec, fields: [FieldSpec], index: IndexSpec, search: SearchSpec,
        strings: InterfaceStrings, credit: Credit? = nil, noteSizeLimit: Int, unsafeRawHTML: Bool
    ) {
        self.title = title
        self.locale = locale
        self.records = records
        self.fields = fields
        self.index = index
        self.search = search
        self.strings = strings
        self.credit = credit
        self.noteSizeLimit = noteSizeLimit
        self.unsafeRawHTML = unsafeRawHTML
    }

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
