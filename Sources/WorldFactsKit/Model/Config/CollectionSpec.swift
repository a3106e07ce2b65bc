/// One collection of records as site.yml declares it: where its records come from, their schema, their
/// pages, their index row, the lists of other records that point at them, and the fields they are
/// grouped by.
public struct CollectionSpec: Sendable {
    /// The collection's name in links, lists and scopes (`countries`).
    public var id: String
    /// Its name on the home page (`Countries`).
    public var label: String
    public var records: RecordsSpec
    public var fields: [FieldSpec]
    public var index: IndexSpec
    public var lists: [ListSpec]
    public var groups: [GroupSpec]
    /// How a record page describes itself (`PageDescription`); nil: the first paragraph of its note.
    public var description: PageDescription?
    /// The locator map of its record pages (`map:`); nil: none.
    public var map: MapSpec?
    /// Bar charts on each record page, each of a list's records by a number field (`charts:`).
    public var charts: [ChartSpec] = []
    /// The record pages' JSON-LD, with a base URL.
    public var structuredData: StructuredDataSpec?
    /// Where its data comes from, shown on its pages instead of the site's `credit`.
    public var credit: Credit?
    /// The field that lists each record's former keys, each of which gets a redirect page (`AliasPages`).
    public var aliases: Int?
    /// The formats its records are published in for download (`data/<id>.csv`, `data/<id>.json`).
    public var downloads: [DownloadFormat] = []
    /// Which records of its file it publishes; nil: all of them.
    public var only: RecordSelection?
    /// What orders its search results after an exact match; nil: index order.
    public var rank: RecordRank?
    /// Which languages it has pages in.
    public var languages: CollectionLanguages = .all
    /// By language id: the field holding each record's title in that language (`titles:`).
    public var titles = OrderedMapping<Int>()
    /// By language id: a TSV file of key and title in that language (`translations:`).
    public var translations = OrderedMapping<String>()
    /// Which languages the notes are written in (`note_languages:`): with `.default`, a note only the default
    /// language has is shown in it (under `strings.fallback_note`) as a language with none of its own
    /// always does, but is not counted among the language's missing texts.
    public var noteLanguages: CollectionLanguages = .all
    /// What the keys are (`key_format:`): codes that CLDR names, so that a language with no title for a
    /// record from `titles` or `translations` names it by its key through ICU ("IS" → "Island").
    public var keyFormat: FieldSpec.TextKind?
    /// False in a language the collection has no pages in (`languages: default`): its records are there
    /// for links and lists, which lead to the default language's pages.
    public var hasPages = true
    /// The locale its records are collated and sectioned in, when not the site's: in a language it has no
    /// pages in, the default language's, so that its search scope is the default's, byte for byte.
    public var collationLocale: String?

    public init(
        id: String, label: String, records: RecordsSpec, fields: [FieldSpec], index: IndexSpec,
        lists: [ListSpec] = [], groups: [GroupSpec] = []
    ) {
        self.id = id
        self.label = label
        self.records = records
        self.fields = fields
        self.index = index
        self.lists = lists
        self.groups = groups
    }

    /// Resolves a field id as written in site.yml.
    public func ref(for id: String) -> SiteConfig.FieldRef? {
        if let position = fields.firstIndex(where: { $0.id == id }) { return .field(position) }
        if id == records.titleField { return .title }
        if id == records.keyField { return .key }
        return nil
    }
}
