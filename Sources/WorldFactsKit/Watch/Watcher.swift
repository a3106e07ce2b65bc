import Foundation
import WorldFactsPipeline
import WorldFactsSupport

/// Watches the input folders and reports each burst of changes once. Where the kernel tells of changes
/// (`FolderEvents`, Linux's inotify), it asks every `tick` (5 ms) and, after a change, waits until the
/// folders have been quiet for `eventQuiet` (20 ms, asking every tick); it also looks at every file once a
/// second, in case the kernel said nothing (a folder made in a folder not yet watched). Elsewhere it polls: it looks
/// every `interval` (50 ms) and waits for `quiet` (50 ms). Either way, what changed is found by comparing
/// two `SourceStamps`s, so an editor's save or a script that rewrites many files gives one rebuild.
public struct Watcher: Sendable {
    public var folders: [String]
    public var interval: Duration
    public var quiet: Duration
    public var tick: Duration
    public var eventQuiet: Duration
    /// False: poll even where the kernel could tell (for tests of polling).
    public var usesEvents: Bool

    public init(
        folders: [String], interval: Duration = .milliseconds(50), quiet: Duration = .milliseconds(50),
        tick: Duration = .milliseconds(5), eventQuiet: Duration = .milliseconds(20), usesEvents: Bool = true
    ) {
        self.folders = folders
        self.interval = interval
        self.quiet = quiet
        self.tick = tick
        self.eventQuiet = eventQuiet
        self.usesEvents = usesEvents
    }

    /// How often every file is looked at even when the kernel tells of no change.
    static let lookEvery: Duration = .seconds(1)

    /// Calls `onChange` with the changed paths of each burst, until the task is cancelled.
    public func run(from start: SourceStamps? = nil, onChange: @Sendable ([String]) async -> Void) async {
        var known = start ?? SourceStamps.take(folders)
        let events = usesEvents ? FolderEvents(folders: folders) : nil
        var lastLook = ContinuousClock.now
        while !Task.isCancelled {
            let current: SourceStamps
            if let events {
                do { try await Task.sleep(for: tick) } catch { return }
                let told = events.drain()
                guard told || ContinuousClock.now - lastLook >= Self.lookEvery else { continue }
                if told {
                    // Coalesce: wait until the kernel has told of nothing for `eventQuiet`, looking every
                    // tick. Sleeping `eventQuiet` again after each told change waited up to twice as long
                    // after the last one (an editor's rename, 20 ms after the write it ends).
                    var quietSince = ContinuousClock.now
                    while ContinuousClock.now - quietSince < eventQuiet {
                        do { try await Task.sleep(for: tick) } catch { return }
                        if events.drain() { quietSince = .now }
                    }
                }
                // Folders made since are watched before the look, so a change after it is told.
                events.watchFolders()
                current = SourceStamps.take(folders)
                lastLook = ContinuousClock.now
            } else {
                do { try await Task.sleep(for: interval) } catch { return }
                var polled = SourceStamps.take(folders)
                guard polled != known else { continue }
                // Coalesce: wait until nothing changes for `quiet`.
                while true {
                    do { try await Task.sleep(for: quiet) } catch { return }
                    let settled = SourceStamps.take(folders)
                    if settled == polled { break }
                    polled = settled
                }
                current = polled
            }
            guard current != known else { continue }
            let changed = current.changes(since: known)
            known = current
            await onChange(changed)
        }
    }
}
