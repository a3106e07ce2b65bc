/// A JSON value that knows the line and column it started at, so validation can say where a problem is.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case integer(Int)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
        /// Bytes no format reads as a value (a SQLite BLOB): refused wherever it is found.
        case blob
    }
    public var value: Value
    public var line: Int
    public var column: Int

    public init(value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    public var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .blob: return "a blob"
        }
    }
}
