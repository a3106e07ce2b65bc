import WorldFactsSupport

/// One value of a declared field, typed by the field's format.
public enum FieldValue: Sendable, Hashable {
    case missing
    case text(String)
    case integer(Int)
    case decimal(Double)
    /// A list of texts, or of record keys for a `links` field.
    case list([String])

    /// The keys a `link` or `links` value names, as written (an empty key included: it names no record).
    public var keys: [String] {
        switch self {
        case .text(let key): return [key]
        case .list(let keys): return keys
        default: return []
        }
    }

    /// The number of an integer or decimal value; nil for any other.
    public var number: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .decimal(let number): number
        default: nil
        }
    }

    /// Calls `body` with each of `texts`, in order, without making an array of them.
    @inlinable
    public func forEachText(_ body: (String) -> Void) {
        switch self {
        case .missing: return
        case .text(let text): if !text.isEmpty { body(text) }
        case .integer(let number): body(String(number))
        case .decimal(let number): body(String(number))
        case .list(let items): for item in items where !item.isEmpty { body(item) }
        }
    }

    /// True when the value shows nothing: missing, an empty text, or a list of empty texts.
    /// A number always shows: it is not written out to be looked at (a row asks this of every record it
    /// shows).
    public var isEmpty: Bool {
        switch self {
        case .missing: true
        case .integer, .decimal: false
        case .text(let text): text.trimmingWhitespace().isEmpty
        case .list(let items): items.allSatisfy { $0.trimmingWhitespace().isEmpty }
        }
    }

    /// The texts a search scope indexes.
    public var texts: [String] {
        var texts: [String] = []
        forEachText { texts.append($0) }
        return texts
    }
}
