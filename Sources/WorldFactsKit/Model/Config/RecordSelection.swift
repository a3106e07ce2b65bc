/// Which records of its file a collection publishes (`only: { field: population, min: 40000 }`): those
/// whose number in the field lies within the bounds, both included. A record with no number there is left
/// out. The records left out are as if the file did not hold them: no page, no row, no search entry; a
/// link to one shows its text (or the link's fallback).
public struct RecordSelection: Sendable, Equatable {
    /// An integer or decimal field.
    public var field: Int
    public var min: Double?
    public var max: Double?

    public init(field: Int, min: Double? = nil, max: Double? = nil) {
        self.field = field
        self.min = min
        self.max = max
    }

    public func keeps(_ record: Record) -> Bool {
        let number: Double
        switch record.values[field] {
        case .integer(let value): number = Double(value)
        case .decimal(let value): number = value
        default: return false
        }
        return (min.map { number >= $0 } ?? true) && (max.map { number <= $0 } ?? true)
    }
}
