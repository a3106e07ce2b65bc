/// A template syntax error, with the line and column of the tag at fault.
public struct TemplateSyntaxError: Error, Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
}
