import WorldFactsSupport

/// A validated record: its key, its title and one value per declared field, in declaration order.
public struct Record: Sendable, Hashable {
    public var key: String
    public var title: String
    public var values: [FieldValue]
    /// Line of the record in the records file, for messages.
    public var line: Int

    public init(key: String, title: String, values: [FieldValue], line: Int) {
        self.key = key
        self.title = title
        self.values = values
        self.line = line
    }

    public func value(_ ref: SiteConfig.FieldRef) -> FieldValue {
        switch ref {
        case .key: return .text(key)
        case .title: return .text(title)
        case .field(let position): return values[position]
        }
    }
}
