import WorldFactsPipeline
import WorldFactsSupport

/// Watches the input folders by polling, and reports each burst of changes once: after a change it
/// waits until the folders have been quiet for `quiet` (about 100 ms), so an editor's save or a script
/// that rewrites many files gives one rebuild.
public struct Watcher: Sendable {
    public var folders: [String]
    public var interval: Duration
    public var quiet: Duration

    public init(folders: [String], interval: Duration = .milliseconds(100), quiet: Duration = .milliseconds(100)) {
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
