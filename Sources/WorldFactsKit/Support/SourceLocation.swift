/// Where a diagnostic comes from: a file, and where known a line, column, record and field.
public struct SourceLocation: Sendable, Hashable {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, leaving out what is unknown.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let line = line, let column, line > 0 { text += ":\(column)" }
        return text
    }
}
