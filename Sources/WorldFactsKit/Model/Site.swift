import WorldFactsSupport

/// The modelled site: its collections, the lists of records that link to each record, and the groups.
/// Built from `Content` by `SiteModeler`; pure values from here on.
public struct Site: Sendable {
    public var config: SiteConfig { didSet { configTextOnce = Content.textOnce(of: config) } }
    /// `config.text`, made when first asked for and shared by the copies of the site and with the content it
    /// was modelled from: an edit's site is the last one's with records put in, and keeps its config and so
    /// its text.
    private var configTextOnce: OnceValue<String>
    public var collections: [RecordCollection]
    /// By collection: its lists (`CollectionSpec.lists`), in declaration order.
    public var lists: [[ReverseList]]
    public var groups: [Group]
    public var warnings: [Diagnostic]
    /// The collation of the site's locale, which orders and sections everything.
    public let collation: Collation

    public init(
        config: SiteConfig, collections: [RecordCollection], lists: [[ReverseList]], groups: [Group],
        warnings: [Diagnostic]
    ) {
        self.init(
            config: config, configText: Content.textOnce(of: config), collections: collections, lists: lists,
            groups: groups, warnings: warnings)
    }

    /// A site modelled from `content`, whose config it has, and so its text.
    init(
        content: Content, collections: [RecordCollection], lists: [[ReverseList]], groups: [Group],
        warnings: [Diagnostic]
    ) {
        self.init(
            config: content.config, configText: content.configTextOnce, collections: collections, lists: lists,
            groups: groups, warnings: warnings)
    }

    private init(
        config: SiteConfig, configText: OnceValue<String>, collections: [RecordCollection], lists: [[ReverseList]],
        groups: [Group], warnings: [Diagnostic]
    ) {
        self.config = config
        configTextOnce = configText
        self.collections = collections
        self.lists = lists
        self.groups = groups
        self.warnings = warnings
        self.collation = Collation.of(config.collationLocale)
    }

    /// Everything the config says, as text (`SiteConfig.text`): what page fingerprints start from.
    public var configText: String { configTextOnce.value }

    /// A site of several collections has a home page listing them; a site of one has its index there.
    public var hasHome: Bool { collections.count > 1 }

    /// The home page: `index.html` in the language's folder.
    public var homePath: String { config.folder + "index.html" }

    /// Every record of every collection.
    public var recordCount: Int { collections.reduce(0) { $0 + $1.records.count } }

    /// The record a link value names: the collection and position, or nil when it names none.
    public func target(of field: FieldSpec, key: String) -> (collection: Int, position: Int)? {
        // Through stored properties: a method called on the collection would copy it (see `pagePath(of:)`).
        guard let target = field.target,
            let position = collections[target].indexesKeys
                ? collections[target].positionByKey[key]
                : collections[target].records.firstIndex(where: { $0.key == key })
        else {
            return nil
        }
        return (target, position)
    }

    /// The title of a record, by collection and position.
    public func title(of record: (collection: Int, position: Int)) -> String {
        collections[record.collection].records[record.position].title
    }

    /// The page of a record, by collection and position, relative to the output root. Through stored
    /// properties: `collections[n].pagePath(of:)`, a method called on an element, would copy the collection.
    public func pagePath(of record: (collection: Int, position: Int)) -> String {
        RecordCollection.pagePath(
            folder: collections[record.collection].spec.records.pagesFolder,
            slug: collections[record.collection].slugs[record.position])
    }

    /// The group of a collection's field, if that field groups it.
    public func group(collection: Int, field: Int) -> Group? {
        groups.first { $0.collection == collection && $0.spec.field == field && $0.spec.through == nil }
    }

    /// The group numbered `number` among the groups of `collection` (its spec's `groups`).
    public func group(collection: Int, number: Int) -> Group? {
        let groups = groups.filter { $0.collection == collection }
        return number < groups.count ? groups[number] : nil
    }

    /// The collection and position of a record by its position among every record of the site.
    public func locate(_ global: Int) -> (collection: Int, position: Int) {
        var collection = 0
        while collection + 1 < collections.count, collections[collection + 1].offset <= global { collection += 1 }
        return (collection, global - collections[collection].offset)
    }
}
