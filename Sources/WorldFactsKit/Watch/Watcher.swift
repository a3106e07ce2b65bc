import WorldFactsPipeline
import WorldFactsSupport

/// Watches the input folders by polling, and reports each burst of changes once: after a change it
/// waits until the folders have been quiet for `quiet` (50 ms), so an editor's save or a script that
/// rewrites many files gives one rebuild. Polling a content folder every 50 ms costs little (a stat per
/// file), and an edit from the live model takes a few times that, so both are kept short.
public struct Watcher: Sendable {
    public var folders: [String]
    public var interval: Duration
    public var quiet: Duration

    public init(folders: [String], interval: Duration = .milliseconds(50), quiet: Duration = .milliseconds(50)) {
        self.folders = folders
        self.interval = interval
        self.quiet = quiet
    }

    /// Calls `onChange` with the changed paths of each burst, until the task is cancelled.
    public func run(from start: SourceSnapshot? = nil, onChange: @Sendable ([String]) async -> Void) async {
        var known = start ?? SourceSnapshot.take(folders)
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            var current = SourceSnapshot.take(folders)
            guard current != known else { continue }
            // Coalesce: wait until nothing changes for `quiet`.
            while true {
                do { try await Task.sleep(for: quiet) } catch { return }
                let settled = SourceSnapshot.take(folders)
                if settled == current { break }
                current = settled
            }
            let changed = current.changes(since: known)
            known = current
            await onChange(changed)
        }
    }
}
