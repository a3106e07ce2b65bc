import Dispatch
import Synchronization
import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// Writes batches on a queue of its own while the caller renders the next ones, with at most
/// `inFlight` batches waiting, so memory stays bounded. Batches are written in the order they were
/// submitted. The first failure stops the writing; `submit` and `finish` report it.
public final class BackgroundWriter: Sendable {
    private let writer: Confined
    private let queue = DispatchQueue(label: "worldfacts.write")
    private let room: DispatchSemaphore
    private let failure = Mutex<StageFailure?>(nil)
    /// Called on the writing queue after each batch, with its number of files.
    private let written: (@Sendable (Int) -> Void)?

    /// The writer, touched only on `queue` (one batch at a time) and, after the queue has drained, by
    /// `finish`: the queue serializes every access.
    private struct Confined: @unchecked Sendable { let value: OutputWriter }

    public init(_ writer: OutputWriter, inFlight: Int = 2, written: (@Sendable (Int) -> Void)? = nil) {
        self.writer = Confined(value: writer)
        self.written = written
        room = DispatchSemaphore(value: inFlight)
    }

    public func submit(_ files: [OutputFile]) throws(StageFailure) {
        if let failure = failure.withLock({ $0 }) { throw failure }
        room.wait()
        queue.async { [self] in
            defer { room.signal() }
            guard failure.withLock({ $0 }) == nil else { return }
            do throws(StageFailure) {
                try writer.value.write(files)
                written?(files.count)
            } catch { failure.withLock { $0 = $0 ?? error } }
        }
    }

    /// Waits until every submitted batch is written or skipped: after a failure, before the next build
    /// may touch the folder.
    public func drain() { queue.sync {} }

    /// Waits for every batch, and gives the writer, idle until the next `submit`; throws the first failure.
    public func waitForWrites() throws(StageFailure) -> OutputWriter {
        drain()
        if let failure = failure.withLock({ $0 }) { throw failure }
        return writer.value
    }

    /// Waits for every batch, then removes stale files (and, in an editing build, the previous build's
    /// files of `dropped`) and saves the manifest.
    public func finish(dropping dropped: [String] = []) throws(StageFailure) -> WriteReport {
        drain()
        if let failure = failure.withLock({ $0 }) { throw failure }
        writer.value.drop(dropped)
        return try writer.value.finish()
    }
}
