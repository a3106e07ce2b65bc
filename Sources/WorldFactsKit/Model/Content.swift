import WorldFactsSupport

/// Everything read from the content folder, validated, before any modelling.
public struct Content: Sendable {
    public var config: SiteConfig
    /// By position in `config.collections`.
    public var collections: [LoadedCollection]
    public var warnings: [Diagnostic]
    /// Where the content came from, for messages.
    public var folder: String
    /// By language id, what each language other than the default says in its own words.
    public var languageTexts: [String: LanguageTexts] = [:]

    public init(config: SiteConfig, collections: [LoadedCollection], warnings: [Diagnostic], folder: String) {
        self.config = config
        self.collections = collections
        self.warnings = warnings
        self.folder = folder
    }

    /// Every record of every collection.
    public var recordCount: Int { collections.reduce(0) { $0 + $1.records.count } }
}
