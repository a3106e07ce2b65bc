import Foundation
import Synchronization
import Testing

@testable import WorldFactsPipeline
@testable import WorldFactsWatch

@Suite struct WatchTests {
    @Test func snapshotsSeeAddedChangedAndRemovedFiles() throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        try "a".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        try "b".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        let before = SourceSnapshot.take([folder])
        try "bb".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder + "/a.txt")
        try "c".write(toFile: folder + "/c.txt", atomically: true, encoding: .utf8)
        try "x".write(toFile: folder + "/.hidden.swp", atomically: true, encoding: .utf8)
        #expect(
            SourceSnapshot.take([folder]).changes(since: before) == [
                folder + "/a.txt", folder + "/b.txt", folder + "/c.txt",
            ])
    }

    /// One callback for a burst, naming every file. Not timed: the wait for the callback is long, so a
    /// busy machine cannot fail it; it only fails when no callback comes, or more than one.
    @Test func aBurstOfChangesGivesOneCallback() async throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        let calls = Mutex<[[String]]>([])
        let watcher = Watcher(folders: [folder])
        let task = Task { await watcher.run { changed in calls.withLock { $0.append(changed) } } }
        try await Task.sleep(for: .milliseconds(250))
        let start = ContinuousClock.now
        for n in 0..<5 { try "\(n)".write(toFile: folder + "/f\(n).txt", atomically: true, encoding: .utf8) }
        while calls.withLock({ $0.isEmpty }) && ContinuousClock.now - start < .seconds(30) {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(600))
        task.cancel()
        let seen = calls.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.count == 5)
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
