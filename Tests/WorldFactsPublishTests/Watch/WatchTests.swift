import Foundation
import Synchronization
import Testing

@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport
@testable import WorldFactsWatch

@Suite struct WatchTests {
    @Test func snapshotsSeeAddedChangedAndRemovedFiles() throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        try "a".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        try "b".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        let before = SourceStamps.take([folder])
        try "bb".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder + "/a.txt")
        try "c".write(toFile: folder + "/c.txt", atomically: true, encoding: .utf8)
        try "x".write(toFile: folder + "/.hidden.swp", atomically: true, encoding: .utf8)
        #expect(
            SourceStamps.take([folder]).changes(since: before) == [
                folder + "/a.txt", folder + "/b.txt", folder + "/c.txt",
            ])
    }

    /// One callback for a burst, naming every file, told by the kernel or found by polling. Not timed: the
    /// wait for the callback is long and the quiet is long, so a busy machine cannot fail it; it only fails
    /// when no callback comes, or more than one.
    @Test(arguments: [true, false]) func aBurstOfChangesGivesOneCallback(usesEvents: Bool) async throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        let watcher = Watcher(
            folders: [folder], quiet: .milliseconds(200), eventQuiet: .milliseconds(200), usesEvents: usesEvents)
        let seen = try await changes(seenBy: watcher) {
            for n in 0..<5 { try "\(n)".write(toFile: folder + "/f\(n).txt", atomically: true, encoding: .utf8) }
        }
        #expect(seen.count == 1)
        #expect(seen.first?.count == 5)
    }

    /// A file written in a folder made after the watch began is seen, and so is one written there later.
    @Test func filesInNewFoldersAreSeen() async throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        let watcher = Watcher(folders: [folder], eventQuiet: .milliseconds(100))
        let first = try await changes(seenBy: watcher) {
            try FileManager.default.createDirectory(atPath: folder + "/notes", withIntermediateDirectories: true)
            try "a".write(toFile: folder + "/notes/a.md", atomically: true, encoding: .utf8)
        }
        #expect(first.flatMap { $0 } == [folder + "/notes/a.md"])
    }

    /// The kernel tells of a write, of a write in a folder made since once it is watched, and of nothing
    /// when nothing changed.
    @Test func theKernelTellsOfChanges() throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        let events = try #require(FolderEvents(folders: [folder]))
        #expect(!events.drain())
        try "a".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        #expect(events.drain())
        #expect(!events.drain())
        try FileManager.default.createDirectory(atPath: folder + "/notes", withIntermediateDirectories: true)
        #expect(events.drain())
        #expect(events.watchFolders())
        try "b".write(toFile: folder + "/notes/b.md", atomically: false, encoding: .utf8)
        #expect(events.drain())
    }

    /// The changes `watcher` reports for what `change` does, the watch running from before it.
    func changes(seenBy watcher: Watcher, _ change: () throws -> Void) async throws -> [[String]] {
        let calls = Mutex<[[String]]>([])
        let task = Task { await watcher.run { changed in calls.withLock { $0.append(changed) } } }
        try await Task.sleep(for: .milliseconds(250))
        let start = ContinuousClock.now
        try change()
        while calls.withLock({ $0.isEmpty }) && ContinuousClock.now - start < .seconds(30) {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(600))
        task.cancel()
        return calls.withLock { $0 }
    }

    /// `watch --stats`: each build's summary, then a line per step; a rebuild of edited values says it
    /// came from the live model.
    @Test func aRebuildSaysItCameFromTheLiveModelAndStatsFollowIt() throws {
        let root = makeTemporaryFolder("rebuilder")
        defer { removeTemporary(root) }
        let records = #"[{"id": "a", "name": "Alpha", "population": 1}, {"id": "b", "name": "Beta", "population": 2}]"#
        writeContent(root + "/Content", records: records)
        let lines = Mutex<[String]>([])
        var rebuilder = Rebuilder(
            options: BuildOptions(
                content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"),
            print: { line in lines.withLock { $0.append(line) } })
        rebuilder.stepLine = { "step " + $0.name.rawValue }
        #expect(rebuilder.build(reason: "build"))
        try records.replacingOccurrences(of: "\"population\": 2", with: "\"population\": 3")
            .write(toFile: root + "/Content/records.json", atomically: true, encoding: .utf8)
        #expect(rebuilder.build(reason: "changed"))
        let printed = lines.withLock { $0 }
        let first = try #require(printed.firstIndex { $0.hasPrefix("build: ") })
        let second = try #require(printed.firstIndex { $0.hasPrefix("changed: ") })
        #expect(!printed[first].contains("live model"))
        #expect(printed[second].hasSuffix("(1 record edited, from the live model)"), "\(printed[second])")
        #expect(printed[(first + 1)..<second].contains("step render and write"))
        #expect(printed[(second + 1)...].contains("step model"))
    }
}
