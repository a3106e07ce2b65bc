/// A first build: nothing to keep.
public struct NoPriorOutput: PriorOutput {
    public init() {}
    public func canReuse(_ path: String, inputs: UInt64) -> Bool { false }
    public func previousInputs(under folder: String) -> [(path: String, inputs: UInt64)] { [] }
}
