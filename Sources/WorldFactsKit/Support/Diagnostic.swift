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

extension Array where Element == Diagnostic {
    public var errors: [Diagnostic] { filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { filter { $0.severity == .warning } }
}

extension Diagnostic {
    /// The first `shown` of many values a message names, each quoted, then "…" when there are more:
    /// `'ISL', 'Iceland', 'XX', …`.
    public static func firstFew(_ values: [String], shown: Int = 5) -> String {
        values.prefix(shown).map { "'\($0)'" }.joined(separator: ", ") + (values.count > shown ? ", …" : "")
    }
}
