import WorldFactsSupport

/// What the previous build left in the output folder that this build may keep instead of making it
/// again. The pipeline hands it to the stages that make files (Render, Search); the writer, which keeps
/// the manifest it comes from, provides it.
public protocol PriorOutput: Sendable {
    /// True when the previous build wrote `path` from inputs with this fingerprint, and it is still there.
    func canReuse(_ path: String, inputs: UInt64) -> Bool
    /// The previous build's files under `folder` (a path prefix ending in "/"), with their input fingerprints:
    /// those an interrupted build left unknown too, which `canReuse` refuses.
    func previousInputs(under folder: String) -> [(path: String, inputs: UInt64)]
    /// True when every file the previous build wrote is still there as it wrote it (none missing, no
    /// interrupted build): what it left whole, a memo made with it (`SearchMemo`), may be kept without
    /// asking `canReuse` file by file.
    var keepsEveryFile: Bool { get }
    /// The bytes of the previous build's file at `path`, read back and found to be what it wrote (by the
    /// manifest's hash of them); nil when they are not, or not read back here. For a page made from the
    /// last build's (`RowSplice`).
    func priorBytes(_ path: String) -> [UInt8]?
}

extension PriorOutput {
    public var keepsEveryFile: Bool { false }

    public func priorBytes(_ path: String) -> [UInt8]? { nil }

    /// `canReuse` for a fingerprint written as text (see `OutputFile.inputsNumber`).
    public func canReuse(_ path: String, inputs: String) -> Bool {
        canReuse(path, inputs: OutputFile.inputsNumber(inputs))
    }
}
