import WorldFactsSupport

/// One named step of a build: how long it took, and the process's memory when it ended.
public struct BuildStep: Sendable {
    public var name: StepName
    public var seconds: Double
    /// Taken as the step ends: `peak` is the most the build has held so far, so the first step whose
    /// peak is high is the step that raised it.
    public var memory: ProcessMemory
}
