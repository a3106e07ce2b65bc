/// A tag's name: `.` (the current value, no parts) or dotted parts. A leading dot (`{{.a}}`) looks in
/// the current value only, not up the context stack.
public struct TemplateName: Sendable, Hashable {
    public var parts: [String]
    public var currentOnly: Bool
    /// Where the tag is (its `{{`), for messages about the names it uses.
    public var line: Int
    public var column: Int

    public init(_ text: String, line: Int = 0, column: Int = 0) {
        self.line = line
        self.column = column
        currentOnly = text.first == "." && text.count > 1
        parts = text == "." ? [] : text.split(separator: ".").map(String.init)
    }
}
