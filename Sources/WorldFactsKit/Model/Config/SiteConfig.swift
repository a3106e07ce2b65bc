/// Everything `Content/site.yml` says: the site, its collections (each with its record schema, index
/// row, lists and groups), the search scopes and the interface strings. No country knowledge lives in
/// Swift; a different site.yml publishes a different record set.
public struct SiteConfig: Sendable {
    public var title: String
    public var locale: String
    /// Where the site is published; nil: no canonical links, sitemap or structured data.
    public var url: BaseURL?
    /// The home page's description for link previews and search engines.
    public var description: String?
    /// The most files a build may leave (`max_files:`); nil for no limit.
    public var maxFiles: Int?
    public var collections: [CollectionSpec]
    public var search: SearchSpec
    public var strings: InterfaceStrings
    public var credit: Credit?
    /// Notes larger than this many bytes are an error.
    public var noteSizeLimit: Int
    /// Raw HTML inside notes is passed through only when this is true. Unsafe: notes can then run script.
    public var unsafeRawHTML: Bool
    /// The languages the site is published in, the default first (`languages:`); empty for a site in its
    /// `locale` only.
    public var languages: [SiteLanguage] = []
    /// Which of `languages` this config publishes: the default (0), or another, whose config
    /// `LanguageEdition` makes from the default's.
    public var language = 0
    /// Where this language's pages go: "" for the default, `<id>/` for another (`SiteLanguage.folder`).
    public var folder = ""
    /// Digits in titles compared as numbers (`collation: { numeric: true }`, ICU's numeric collation):
    /// "C-8" before "C-10".
    public var numericCollation = false
    /// The feed of the data's changes (`changes:`); nil: none.
    public var changes: ChangesSpec?
    /// What `pack --zim` gives a ZIM file (`zim:`); nil when site.yml says nothing of it.
    public var zim: ZimSpec?
    /// The installable site (`offline:`); nil: no manifest, no service worker.
    public var offline: OfflineSpec?

    /// The locale as the site's collation opens it (`Collation.of`): `locale`, with ICU's keyword for the
    /// numeric collation when it is on.
    public var collationLocale: String { numericCollation ? locale + "@colNumeric=yes" : locale }

    public init(
        title: String, locale: String, collections: [CollectionSpec], search: SearchSpec, strings: InterfaceStrings,
        credit: Credit? = nil, noteSizeLimit: Int, unsafeRawHTML: Bool
    ) {
        self.title = title
        self.locale = locale
        self.collections = collections
        self.search = search
        self.strings = strings
        self.credit = credit
        self.noteSizeLimit = noteSizeLimit
        self.unsafeRawHTML = unsafeRawHTML
    }

    /// The config as `String(reflecting:)` writes it, with its types named as the library's product
    /// (`WorldFactsKit.SiteConfig`) rather than the module they live in: every page fingerprint starts
    /// from this text, and moving a type between modules must not make every page look changed. Made once
    /// per site (`Site.configText`, `Content.configText`): it is long, and reflection is slow.
    public var text: String { Self.named(String(reflecting: self)) }

    /// `text` with "WorldFactsModel." read as "WorldFactsKit.", a byte at a time: Foundation's
    /// `replacingOccurrences` took as long as the reflection, for every language's config.
    static func named(_ text: String) -> String {
        let (module, product) = (Array("WorldFactsModel.".utf8), Array("WorldFactsKit.".utf8))
        var text = text
        return text.withUTF8 { bytes in
            var named: [UInt8] = []
            named.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == module[0], bytes.count - index >= module.count,
                    bytes[index..<(index + module.count)].elementsEqual(module)
                {
                    named += product
                    index += module.count
                } else {
                    named.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: named, as: UTF8.self)
        }
    }

    /// Whether a collection's record pages show a locator map (`map:`): the site publishes the world
    /// outline.
    public var hasMaps: Bool { collections.contains { $0.map != nil } }

    /// Whether this config publishes a language other than the default, in a folder of its own.
    public var isEdition: Bool { language != 0 }

    /// How to refer to a value of a record: its key, its title, or one of its collection's fields.
    public enum FieldRef: Sendable, Hashable {
        case key
        case title
        case field(Int)
    }
}
