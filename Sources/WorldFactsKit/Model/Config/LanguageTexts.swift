/// What a language other than the default says in its own words (`languages/<id>.yml`): the site's
/// title, the interface strings, and each collection's labels. What it leaves out is the default
/// language's, and listed as missing (`LanguageEdition.missing`).
public struct LanguageTexts: Sendable {
    public var title: String?
    public var description: String?
    /// By site.yml's key (`search_placeholder`).
    public var strings: [String: String] = [:]
    /// By key of a counted string (`InterfaceStrings.countedKeys`): its forms by plural category.
    public var plurals: [String: OrderedMapping<String>] = [:]
    /// The site's credit text.
    public var credit: String?
    /// By collection id.
    public var collections: [String: CollectionTexts] = [:]
    /// The "All" scope's label.
    public var searchAll: String?
    /// Scope labels, by scope id.
    public var scopes: [String: String] = [:]
    /// The file, for messages.
    public var file: String
    /// The digest of the file's text: with the site's config, all a language's edition's config is made
    /// of (`Content.editionConfigDigest`).
    public var digest: UInt64 = 0

    public init(file: String) { self.file = file }

    /// A collection's labels, and its group values' titles.
    public struct CollectionTexts: Sendable {
        public var label: String?
        public var detailLabel: String?
        public var credit: String?
        /// The record pages' description in link previews (`collections[].description`).
        public var description: PageDescription?
        /// By field id.
        public var fields: [String: String] = [:]
        /// By list id.
        public var lists: [String: String] = [:]
        /// Overview titles, by group name (`continent`, `country.continent`).
        public var groups: [String: String] = [:]
        /// By group: the title of its value pages (`group_titles: { block: "Block {value}" }`).
        public var groupTitles: [String: String] = [:]
        /// By group name: each value's title, by the value as the records hold it.
        public var values: [String: [String: String]] = [:]

        public init() {}
    }
}
