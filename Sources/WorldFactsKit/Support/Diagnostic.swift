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

/// One problem found in the input: an error stops the build, a warning is printed and the build goes on.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var severity: Severity
    public var location: SourceLocation
    public var record: String?
    public var field: String?
    public var message: String

    public init(
        _ severity: Severity, _ location: SourceLocation,
        record: String? = nil, field: String? = nil, _ message: String
    ) {
        self.severity = severity
        self.location = location
        self.record = record
        self.field = field
        self.message = message
    }

    public static func error(
        _ location: SourceLocation, record: String? = nil, field: String? = nil, _ message: String
    ) -> Diagnostic {
        Diagnostic(.error, location, record: record, field: field, message)
    }

    public static func warning(
        _ location: SourceLocation, record: String? = nil, field: String? = nil, _ message: String
    ) -> Diagnostic {
        Diagnostic(.warning, location, record: record, field: field, message)
    }

    /// One line: `file:line:column: error: record 'IS', field 'population': expected …`.
    public var description: String {
        var subject: [String] = []
        if let record { subject.append("record '\(record)'") }
        if let field { subject.append("field '\(field)'") }
        let prefix = subject.isEmpty ? "" : subject.joined(separator: ", ") + ": "
        return "\(location.description): \(severity.rawValue): \(prefix)\(message)"
    }
}

/// A build stopped by one or more errors; `step` names the pipeline step that found them.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public var step: String
    public var diagnostics: [Diagnostic]

    public init(step: String, diagnostics: [Diagnostic]) {
        self.step = step
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    var errors: [Diagnostic] { filter { $0.severity == .error } }
    var warnings: [Diagnostic] { filter { $0.severity == .warning } }
}
