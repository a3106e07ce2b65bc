/// What orders a collection's search results after an exact match (`rank: { field: population, order:
/// descending }`): a number field, largest first by default. A record with no number there comes after
/// every record with one. The "All" scope merges by the same order across collections, so ranks of
/// different collections should measure the same thing.
public struct RecordRank: Sendable, Equatable {
    /// An integer or decimal field.
    public var field: Int
    public var descending: Bool

    public init(field: Int, descending: Bool = true) {
        self.field = field
        self.descending = descending
    }

    /// The record's score: higher comes first, whatever the order; nil when it has no number.
    public func score(_ record: Record) -> Double? { score(of: record.values[field]) }

    /// The score of a record whose value of `field` is `value`.
    public func score(of value: FieldValue) -> Double? {
        let number: Double
        switch value {
        case .integer(let value): number = Double(value)
        case .decimal(let value): number = value
        default: return nil
        }
        guard number.isFinite else { return nil }
        return descending ? number : -number
    }
}
