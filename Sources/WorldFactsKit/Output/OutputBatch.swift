import WorldFactsSupport

/// Files of the site handed to the writer together: made already, or made on demand, where they are
/// written. A writer on a file system whose folders take several writers at once makes a `lazy` batch
/// on every core and writes each file on the core that made it (`OutputWriter.write(_:)`), so no page's
/// bytes go from a rendering thread to a writing one and neither waits for the other.
public enum OutputBatch: Sendable {
    case made([OutputFile])
    /// `count` files; `make(i)` gives the i-th, and may be called on any thread.
    case lazy(count: Int, make: @Sendable (Int) -> OutputFile)
    /// `count` groups of files made together (a search shard and its script twin); `make(i)` gives the
    /// i-th group, and may be called on any thread.
    case lazyGroups(count: Int, make: @Sendable (Int) -> [OutputFile])

    /// Whether the batch's files are made already.
    public var isMade: Bool {
        if case .made = self { return true }
        return false
    }

    /// The batch's files, made on every core when they are not made yet.
    public var files: [OutputFile] {
        switch self {
        case .made(let files): return files
        case .lazy(let count, let make): return Parallel.map(count, make)
        case .lazyGroups(let count, let make): return Parallel.map(count, make).flatMap { $0 }
        }
    }

    /// How many parts a writer takes from the batch (files, or groups of files), and a function that hands
    /// the files of one part, in order, to `take`.
    public var parts: (count: Int, make: @Sendable (Int, (OutputFile) -> Void) -> Void) {
        switch self {
        case .made(let files): return (files.count, { number, take in take(files[number]) })
        case .lazy(let count, let make): return (count, { number, take in take(make(number)) })
        case .lazyGroups(let count, let make):
            return (count, { number, take in for file in make(number) { take(file) } })
        }
    }
}
