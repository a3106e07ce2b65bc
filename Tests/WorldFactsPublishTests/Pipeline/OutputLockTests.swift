import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// A build takes the output folder's lock before it looks at the folder's files, so a build never
/// mistakes another that is still writing for a stranger's files.
@Suite struct OutputLockTests {
    func project() throws -> (root: String, options: BuildOptions) {
        let root = makeTemporaryFolder("outlock")
        writeContent(root + "/Content", records: #"[{"id": "a", "name": "Alpha"}, {"id": "b", "name": "Beta"}]"#)
        try FileManager.default.copyItem(atPath: repoPath("Templates"), toPath: root + "/Templates")
        return (
            root, BuildOptions(content: root + "/Content", templates: root + "/Templates", output: root + "/Output")
        )
    }

    @Test func withNoWaitABuildFailsAtOnceNamingTheBuildThatHoldsTheFolder() throws {
        let (root, options) = try project()
        defer { removeTemporary(root) }
        let held = try FileSystem.disk.lock(options.output, true) { _ in }
        var noWait = options
        noWait.waitForLock = false
        #expect {
            _ = try Builder().build(noWait)
        } throws: { error in
            guard let failure = error as? BuildFailure else { return false }
            return failure.step == .checkOutput
                && failure.description.contains(
                    "another worldfacts build (pid \(getpid())) is building into this folder")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: options.output) == [FolderLock.fileName])
        held.release()
    }

    @Test func aWaitingBuildSaysWhomItWaitsForAndBuildsWhenTheFolderIsFree() async throws {
        let (root, options) = try project()
        defer { removeTemporary(root) }
        let held = try FileSystem.disk.lock(options.output, true) { _ in }
        let told = AsyncStream<Int?>.makeStream()
        // A build that waits blocks its thread: not one of the few that run the tests' tasks.
        let build = Task.detached {
            defer { told.continuation.finish() }
            return try await offThePool { try Builder(waiting: { told.continuation.yield($0) }).build(options) }
        }
        var iterator = told.stream.makeAsyncIterator()
        let holder = await iterator.next()  // nil when the build ended without waiting
        #expect(holder == .some(Int(getpid())))
        #expect(
            !FileManager.default.fileExists(atPath: options.output + "/index.html"), "nothing written while it waits")
        held.release()
        let report = try await build.value
        #expect(report.records == 2 && FileManager.default.fileExists(atPath: options.output + "/index.html"))
        #expect(!FileManager.default.fileExists(atPath: options.output + "/" + FolderLock.fileName))
    }

    @Test func theFilesOfABuildThatWasKilledBeforeItsManifestAreNotAStrangers() throws {
        let (root, options) = try project()
        defer { removeTemporary(root) }
        try FileManager.default.createDirectory(
            atPath: options.output + "/" + Bookkeeping.folder, withIntermediateDirectories: true)
        try "index.html\n".write(
            toFile: options.output + "/" + OutputWriter.journalName, atomically: true, encoding: .utf8)
        try "half a page".write(toFile: options.output + "/index.html", atomically: true, encoding: .utf8)
        let report = try Builder().build(options)
        #expect(report.records == 2)
        #expect(try readText(options.output + "/index.html").contains("Alpha"))
    }

    @Test func aFailedFirstBuildLeavesNoOutputFolder() throws {
        let (root, options) = try project()
        defer { removeTemporary(root) }
        try "[{".write(toFile: options.content + "/records.json", atomically: true, encoding: .utf8)
        #expect(throws: BuildFailure.self) { _ = try Builder().build(options) }
        #expect(!FileManager.default.fileExists(atPath: options.output))
    }
}
