import Foundation
import Synchronization
import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

@Suite struct BackgroundWriterTests {
    /// Each written batch is counted, in order, on the writing queue; a failed one is not.
    @Test func countsWhatItWrote() throws {
        let disk = MemoryDisk()
        let counts = Mutex<[Int]>([])
        let background = BackgroundWriter(try OutputWriter(folder: "out", fileSystem: disk.fileSystem)) { count in
            counts.withLock { $0.append(count) }
        }
        try background.submit([OutputFile(path: "a.html", text: "a"), OutputFile(path: "b.html", text: "b")])
        try background.submit([OutputFile(path: "c.html", text: "c")])
        try background.submit([OutputFile(path: "a.html", text: "twice")])  // the same path twice fails
        #expect(throws: StageFailure.self) { _ = try background.finish() }
        #expect(counts.withLock { $0 } == [2, 1])
    }

    /// Batches are written in order; a failing write stops the writing and is reported with its path,
    /// by the next submit or by finish, and the manifest is not saved.
    @Test func aFailedWriteIsReportedAndStopsTheWriting() throws {
        let disk = MemoryDisk()
        var fileSystem = disk.fileSystem
        let base = fileSystem.writeAtomically
        let failing: @Sendable (String, [UInt8]) throws -> Void = { path, bytes in
            if path.hasSuffix("bad.html") { throw FileSystemError(path: path, message: "disk full") }
            try base(path, bytes)
        }
        fileSystem.writeAtomically = failing
        fileSystem.createNew = { path, bytes in
            try failing(path, bytes); return true
        }
        let background = BackgroundWriter(try OutputWriter(folder: "out", fileSystem: fileSystem))
        try background.submit([OutputFile(path: "a.html", text: "a")])
        var failure: StageFailure?
        do {
            try background.submit([OutputFile(path: "bad.html", text: "b")])
            try background.submit([OutputFile(path: "c.html", text: "c")])
            _ = try background.finish()
        } catch {
            failure = error
        }
        #expect(
            "\(failure.map { "\($0)" } ?? "none")".contains(
                "out/bad.html: error: cannot write: out/bad.html: disk full"))
        #expect(disk.files.withLock { $0["out/a.html"] } == Array("a".utf8))
        #expect(disk.files.withLock { $0["out/c.html"] } == nil, "nothing is written after a failure")
        #expect(disk.files.withLock { $0["out/" + Manifest.fileName] } == nil)
    }
}
