/// A stage stopped by one or more errors. Stages throw it; the pipeline stamps the name of the step it
/// was in (`BuildFailure`), so no stage needs to know what the pipeline calls it.
public struct StageFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
