/// The previous output as a stage that makes files for a folder of the output sees it: paths from that
/// folder (`sv/` for a language's search index, which names its files from `search/`).
public struct PriorOutputInFolder: PriorOutput {
    public let base: any PriorOutput
    /// Ends in "/".
    public let folder: String

    public init(_ base: any PriorOutput, folder: String) {
        self.base = base
        self.folder = folder
    }

    public func canReuse(_ path: String, inputs: UInt64) -> Bool { base.canReuse(folder + path, inputs: inputs) }

    public func previousInputs(under prefix: String) -> [(path: String, inputs: UInt64)] {
        base.previousInputs(under: folder + prefix).map { (String($0.path.dropFirst(folder.count)), $0.inputs) }
    }

    public var keepsEveryFile: Bool { base.keepsEveryFile }

    public func priorBytes(_ path: String) -> [UInt8]? { base.priorBytes(folder + path) }
}
