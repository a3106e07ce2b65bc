import WorldFactsSupport

/// What a build did to the output folder.
public struct WriteReport: Sendable, Equatable {
    public var written: [String] = []
    /// The bytes of each file of `written`, in its order.
    public var writtenSizes: [Int] = []
    public var unchanged = 0
    /// Of the unchanged files, pages that were not even rendered: their inputs were unchanged.
    public var reused = 0
    public var removed: [String] = []
    /// Files it could not remove, each named.
    public var warnings: [Diagnostic] = []

    public init(written: [String] = [], unchanged: Int = 0, reused: Int = 0, removed: [String] = []) {
        self.written = written
        self.unchanged = unchanged
        self.reused = reused
        self.removed = removed
    }
}
