import WorldFactsSupport

/// A value as a list or an index sorted by a field sorts it: numbers by value, texts by their sort keys,
/// missing values last in either order.
enum SortValue: Equatable {
    case missing
    case number(Double)
    /// The text's sort key in the locale's collation.
    case text([UInt8])

    init(_ value: FieldValue, collation: Collation) {
        switch value {
        case .integer(let number): self = .number(Double(number))
        case .decimal(let number): self = .number(number)
        default: self = Self.text(of: value).map { .text(collation.sortKey($0)) } ?? .missing
        }
    }

    /// The text a text or list value sorts by: itself, or its first item; nil when there is none.
    static func text(of value: FieldValue) -> String? {
        switch value {
        case .text(let text) where !text.isEmpty: return text
        case .list(let items) where !items.isEmpty && !items[0].isEmpty: return items[0]
        default: return nil
        }
    }

    /// Missing values come last in either order.
    func precedes(_ other: SortValue, descending: Bool) -> Bool {
        switch (self, other) {
        case (.missing, _): return false
        case (_, .missing): return true
        case (.number(let a), .number(let b)): return descending ? a > b : a < b
        case (.text(let a), .text(let b)):
            let order = ByteOrder.compare(a, b)
            return descending ? order > 0 : order < 0
        case (.number, .text): return true
        case (.text, .number): return false
        }
    }
}
