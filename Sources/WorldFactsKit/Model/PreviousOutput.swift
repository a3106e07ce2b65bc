import WorldFactsSupport

/// What the previous build left in the output folder that this build may keep instead of making it
/// again. The pipeline hands it to the stages that make files (Render, Search); the writer, which keeps
/// the manifest it comes from, provides it. A stage sees only these two questions.
public protocol PreviousOutput: Sendable {
    /// True when the previous build wrote `path` from inputs with this fingerprint, and it is still there.
    func canReuse(_ path: String, inputs: UInt64) -> Bool
    /// The previous build's files under `folder` (a path prefix ending in "/"), with their input fingerprints.
    func previousInputs(under folder: String) -> [(path: String, inputs: UInt64)]
    /// The input fingerprint the previous build wrote `path` from, when it may be kept as it is.
    func keptInputs(of path: String) -> UInt64?
}

extension PreviousOutput {
    /// `canReuse` for a fingerprint written as text (see `OutputFile.inputsNumber`).
    public func canReuse(_ path: String, inputs: String) -> Bool {
        canReuse(path, inputs: OutputFile.inputsNumber(inputs))
    }

    /// The previous build's file at `path`, kept without knowing what it is made of now: only for a
    /// page whose inputs are known not to have changed (see `EditReach`). Nil when there is none to keep.
    public func kept(_ path: String) -> OutputFile? {
        keptInputs(of: path).map { .reused(path: path, inputs: Hex.text($0)) }
    }
}
