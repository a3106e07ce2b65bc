import WorldFactsSupport

/// Everything read from the content folder, validated, before any modelling.
public struct Content: Sendable {
    public var config: SiteConfig { didSet { configTextOnce = Self.textOnce(of: config) } }
    /// `config.text`, made when first asked for and shared by the copies of the content and the site
    /// modelled from it: reflection of a config is slow, and a build asks for it several times
    /// (`ValueEdits.between`, the snapshot's digest, page fingerprints).
    private(set) var configTextOnce: OnceValue<String>
    /// By position in `config.collections`.
    public var collections: [LoadedCollection]
    public var warnings: [Diagnostic]
    /// Where the content came from, for messages.
    public var folder: String
    /// By language id, what each language other than the default says in its own words.
    public var languageTexts: [String: LanguageTexts] = [:]

    public init(config: SiteConfig, collections: [LoadedCollection], warnings: [Diagnostic], folder: String) {
        self.config = config
        configTextOnce = Self.textOnce(of: config)
        self.collections = collections
        self.warnings = warnings
        self.folder = folder
    }

    /// Everything the config says, as text (`SiteConfig.text`): what page fingerprints start from.
    public var configText: String { configTextOnce.value }

    static func textOnce(of config: SiteConfig) -> OnceValue<String> { OnceValue { config.text } }

    /// Takes `text` as its config's text (`configText`), which an earlier build made of this same config:
    /// a language's snapshot block keeps it under its config's digest, as reflecting the config again
    /// cost as much as reading the rest of the block.
    public mutating func take(configText text: String) { configTextOnce = OnceValue { text } }

    /// The digest of the config's text: what a snapshot is compared by.
    public var configDigest: UInt64 { BulkHash.of(utf8: configText) }

    /// The digest of language `number`'s edition's config (`LanguageEdition`), which is made of this
    /// config and that language's texts only: it is known without making the edition's config and
    /// reflecting it.
    public func editionConfigDigest(_ number: Int) -> UInt64 {
        var hash = StableHash()
        hash.mix(configDigest)
        hash.mix(UInt64(number))
        hash.mix(languageTexts[config.languages[number].id]?.digest ?? 0)
        return hash.value
    }

    /// Every record of every collection.
    public var recordCount: Int { collections.reduce(0) { $0 + $1.records.count } }
}
