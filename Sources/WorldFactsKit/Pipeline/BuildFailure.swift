import WorldFactsSupport

/// A build stopped by one or more errors, and the step it stopped in: `Builder` stamps the step on any
/// `StageFailure` thrown inside it.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public var step: StepName
    public var diagnostics: [Diagnostic]

    public init(step: StepName, diagnostics: [Diagnostic]) {
        self.step = step
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
