/// A computed field's expression (`compute: population / area_km2`): numbers and the record's integer and
/// decimal fields, with `+ - * /`, a leading minus and parentheses, evaluated in `Double`. A missing input,
/// a division by zero or a result that is not finite gives the field no value: it is empty, not an error.
public indirect enum Computation: Sendable {
    case number(Double)
    /// A field of the collection, by position.
    case field(Int)
    case negated(Computation)
    case operation(Computation, Operator, Computation)

    public enum Operator: Character, Sendable, CaseIterable {
        case add = "+", subtract = "-", multiply = "*", divide = "/"
    }

    /// The value for a record whose values are `values`; nil where it has none.
    public func value(_ values: [FieldValue]) -> Double? {
        switch self {
        case .number(let number): return number
        case .field(let position): return values[position].number
        case .negated(let operand): return operand.value(values).map { -$0 }
        case .operation(let left, let op, let right):
            guard let a = left.value(values), let b = right.value(values) else { return nil }
            let result: Double
            switch op {
            case .add: result = a + b
            case .subtract: result = a - b
            case .multiply: result = a * b
            case .divide:
                guard b != 0 else { return nil }
                result = a / b
            }
            return result.isFinite ? result : nil
        }
    }

    /// The value as the field holds it: a decimal, or an integer rounded to the nearest.
    public func fieldValue(_ values: [FieldValue], integer: Bool) -> FieldValue {
        guard let value = value(values) else { return .missing }
        guard integer else { return .decimal(value) }
        let rounded = value.rounded()
        return abs(rounded) < 9e15 ? .integer(Int(rounded)) : .missing
    }
}
