import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

@Suite struct InterruptedBuildTests {
    @Test func theNextBuildRemovesWhatAnInterruptedBuildLeft() throws {
        let disk = MemoryDisk()
        let first = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        try first.write(OutputFile(path: "a.html", text: "A"))
        _ = try first.finish()
        // A build that is killed after writing a new file: no manifest update, a journal and a staging file
        // left; and the journal a killed build of the last layout left beside the site, read too.
        let killed = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        try killed.write(OutputFile(path: "orphan.html", text: "O"))
        disk.files.withLock {
            $0[FileSystem.temporaryPath(for: "out/half.html")] = [1];
            $0["out/.worldfacts-journal", default: []] += Array("half.html\n".utf8)
        }
        #expect(disk.files.withLock { $0["out/.worldfacts-journal"] } != nil)

        let next = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        try next.write(OutputFile(path: "a.html", text: "A"))
        let report = try next.finish()
        #expect(report.removed == ["half.html", "orphan.html"])
        let left = disk.files.withLock { Set($0.keys) }
        #expect(left == ["out/a.html", "out/" + Manifest.fileName], "the last layout's journal goes too")
    }
}

@Suite struct InterruptedRewriteTests {
    /// A build killed after rewriting a page leaves that page's old fingerprint in the manifest. The next
    /// build must not trust it: the file on disk is the killed build's, so the page is rendered again.
    @Test func aJournalledPageIsNeverReused() throws {
        let disk = MemoryDisk()
        let first = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        try first.write(OutputFile(path: "a.html", text: "A", inputs: "fingerprint-1"))
        try first.write(OutputFile(path: "b.html", text: "B", inputs: "fingerprint-b"))
        _ = try first.finish()

        let killed = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        try killed.write(OutputFile(path: "a.html", text: "A2", inputs: "fingerprint-2"))  // no finish(): killed

        let next = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        #expect(
            !next.reuse.canReuse("a.html", inputs: "fingerprint-1"),
            "the file on disk is not what fingerprint-1 rendered")
        #expect(
            next.reuse.canReuse("b.html", inputs: "fingerprint-b"), "pages the killed build did not touch stay reusable"
        )
        try next.write(OutputFile(path: "a.html", text: "A", inputs: "fingerprint-1"))
        try next.write(.reused(path: "b.html", inputs: "fingerprint-b"))
        let report = try next.finish()
        #expect(
            report.written == ["a.html"],
            "the rendered page goes back even though its bytes hash as the old manifest said")
        #expect(disk.files.withLock { $0["out/a.html"] } == Array("A".utf8))
    }
}
