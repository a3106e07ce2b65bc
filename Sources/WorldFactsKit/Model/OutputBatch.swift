import WorldFactsSupport

/// Files of the site handed to the writer together: made already, or made on demand, where they are
/// written. A writer on a file system whose folders take several writers at once makes a `lazy` batch
/// on every core and writes each file on the core that made it (`OutputWriter.write(_:)`), so no page's
/// bytes go from a rendering thread to a writing one and neither waits for the other.
public enum OutputBatch: Sendable {
    case made([OutputFile])
    /// `count` files; `make(i)` gives the i-th, and may be called on any thread.
    case lazy(count: Int, make: @Sendable (Int) -> OutputFile)

    public var count: Int {
        switch self {
        case .made(let files): return files.count
        case .lazy(let count, _): return count
        }
    }

    /// The batch's files, made on every core when they are not made yet.
    public var files: [OutputFile] {
        switch self {
        case .made(let files): return files
        case .lazy(let count, let make): return Parallel.map(count, make)
        }
    }
}
