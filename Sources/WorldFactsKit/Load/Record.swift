/// One value of a declared field, typed by the field's format.
public enum FieldValue: Sendable, Hashable {
    case missing
    case text(String)
    case integer(Int)
    case decimal(Double)
    /// A list of texts, or of record keys for a `links` field.
    case list([String])

    /// The texts a search scope indexes.
    public var texts: [String] {
        switch self {
        case .missing: return []
        case .text(let text): return text.isEmpty ? [] : [text]
        case .integer(let number): return [String(number)]
        case .decimal(let number): return [String(number)]
        case .list(let items): return items.filter { !$0.isEmpty }
        }
    }
}

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
