import WorldFactsSupport

/// The steps a build has done so far, each timed with the process's memory as it ended: what `--stats`
/// prints. `run` stamps the step's name on any failure from inside it.
struct BuildSteps {
    private(set) var done: [BuildStep] = []

    mutating func run<T>(_ name: StepName, _ body: () throws(StageFailure) -> T) throws(BuildFailure) -> T {
        let start = PhaseProgress.uptime()
        defer { done.append(BuildStep(name: name, seconds: PhaseProgress.uptime() - start, memory: .now())) }
        do { return try body() } catch { throw BuildFailure(step: name, diagnostics: error.diagnostics) }
    }

    /// How long the last step took.
    var lastSeconds: Double? { done.last?.seconds }
}
