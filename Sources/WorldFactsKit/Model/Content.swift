import WorldFactsSupport

/// Everything read from the content folder, validated, before any modelling.
public struct Content: Sendable {
    public var config: SiteConfig
    public var records: [Record]
    public var notes: [Note]
    public var warnings: [Diagnostic]
    /// Where the content came from, for messages.
    public var folder: String

    public init(config: SiteConfig, records: [Record], notes: [Note], warnings: [Diagnostic], folder: String) {
        self.config = config
        self.records = records
        self.notes = notes
        self.warnings = warnings
        self.folder = folder
    }
}
