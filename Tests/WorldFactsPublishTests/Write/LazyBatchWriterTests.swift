import Foundation
import Synchronization
import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// A writer whose folders take several writers (`writesWhereMade`) makes a lazy batch's files on the
/// cores that write them. It must leave what a writer that is handed made files leaves: the same files,
/// manifest and report, across rebuilds with changed, unchanged, reused, missing, new and dropped files.
@Suite struct LazyBatchWriterTests {
    /// A memory disk whose folders take `writers` writers at once.
    func fileSystem(_ disk: MemoryDisk, writers: Int) -> FileSystem {
        var fileSystem = disk.fileSystem
        fileSystem.writersPerFolder = { _ in writers }
        return fileSystem
    }

    /// One build of `files` into `out`, in lazy batches of `batch` files. With `groups`, a batch's files
    /// come in groups of one, two and three in turn (`OutputBatch.lazyGroups`).
    func build(_ fileSystem: FileSystem, _ files: [OutputFile], batch: Int, groups: Bool = false) throws
        -> WriteReport
    {
        let writer = try OutputWriter(folder: "out", fileSystem: fileSystem)
        for start in stride(from: 0, to: files.count, by: batch) {
            let part = Array(files[start..<min(start + batch, files.count)])
            guard groups else {
                #expect(try writer.write(OutputBatch.lazy(count: part.count) { part[$0] }) == part.count)
                continue
            }
            var bounds: [Range<Int>] = []
            var (at, size) = (0, 1)
            while at < part.count {
                bounds.append(at..<min(at + size, part.count))
                at += size
                size = size % 3 + 1
            }
            let ranges = bounds
            #expect(
                try writer.write(OutputBatch.lazyGroups(count: ranges.count) { Array(part[ranges[$0]]) }) == part.count)
        }
        return try writer.finish()
    }

    /// The files of build `round` of a seeded sequence: most stay, some change, some are reused (their
    /// inputs unchanged since the last round), some go and some come.
    func files(round: Int, random: inout SplitMix) -> [OutputFile] {
        (0..<700).compactMap { number -> OutputFile? in
            let path = (number % 3 == 0 ? "a/" : "b/") + "\(number).html"
            // Round 3 deletes these two behind the writer's back, and renders them unchanged.
            let roll = round == 3 && (number == 3 || number == 4) ? 9 : random.next() % 10
            if round > 0 && roll == 0 { return nil }  // dropped this round
            if round > 0 && roll == 1 { return .reused(path: path, inputs: "\(number)") }
            let text = roll == 2 ? "page \(number) of round \(round)" : "page \(number)"
            return OutputFile(path: path, text: text, inputs: "\(number)")
        }
    }

    @Test(arguments: [false, true]) func leavesWhatMadeBatchesLeave(groups: Bool) throws {
        let lazyDisk = MemoryDisk(), madeDisk = MemoryDisk()
        let lazy = fileSystem(lazyDisk, writers: 2), made = fileSystem(madeDisk, writers: 1)
        #expect(try OutputWriter(folder: "x", fileSystem: lazy).writesWhereMade)
        #expect(try !OutputWriter(folder: "x", fileSystem: made).writesWhereMade)
        var random = SplitMix(state: 15)
        var last: Set<String> = []
        for round in 0..<6 {
            // A reused page is one the last round wrote: else the writer rightly refuses it.
            let files = self.files(round: round, random: &random).filter { !$0.isReused || last.contains($0.path) }
            if round == 3 {
                // Deleted behind the writers' backs: both must write them again.
                for disk in [lazyDisk, madeDisk] {
                    disk.files.withLock { files in
                        for path in ["out/a/3.html", "out/b/4.html"] { files[path] = nil }
                    }
                }
            }
            let lazyReport = try build(lazy, files, batch: 97, groups: groups)
            let madeReport = try build(made, files, batch: 97)
            #expect(lazyReport.written == madeReport.written, "round \(round)")
            #expect(lazyReport.unchanged == madeReport.unchanged, "round \(round)")
            #expect(lazyReport.reused == madeReport.reused, "round \(round)")
            #expect(lazyReport.removed == madeReport.removed, "round \(round)")
            if round == 3 {
                // A rendered page whose file is gone is written, even with its old bytes.
                let rendered = ["a/3.html", "b/4.html"].filter { path in
                    files.contains { $0.path == path && !$0.isReused }
                }
                #expect(rendered.count == 2 && Set(lazyReport.written).isSuperset(of: rendered))
            }
            #expect(lazyDisk.files.withLock { $0 } == madeDisk.files.withLock { $0 }, "round \(round)")
            #expect(lazyDisk.files.withLock { $0["out/" + Manifest.fileName] } != nil)
            last = Set(files.map(\.path))
        }
    }

    /// Every file is journalled before it is written: the journal holds a file's path when its bytes land.
    @Test func journalsEachFileBeforeWritingIt() throws {
        let disk = MemoryDisk()
        var fileSystem = fileSystem(disk, writers: 2)
        let unjournalled = Mutex<[String]>([])
        let write = fileSystem.writeAtomically
        // The pages' paths (the manifest and the folders' stamps are saved after the journal is done with).
        let check: @Sendable (String) -> Void = { path in
            guard path.hasPrefix("out/p/") else { return }
            let journal = disk.files.withLock { $0["out/" + OutputWriter.journalName] } ?? []
            let lines = String(decoding: journal, as: UTF8.self).split(separator: "\n").map { "out/" + $0 }
            if !lines.contains(path) { unjournalled.withLock { $0.append(path) } }
        }
        fileSystem.writeAtomically = { path, bytes in
            check(path)
            try write(path, bytes)
        }
        fileSystem.createNew = { path, bytes in
            check(path)
            try write(path, bytes)
            return true
        }
        let files = (0..<300).map { OutputFile(path: "p/\($0).html", text: "page \($0)") }
        let report = try build(fileSystem, files, batch: 300)
        #expect(report.written.count == 300)
        #expect(unjournalled.withLock { $0 }.isEmpty)
        #expect(disk.files.withLock { $0["out/" + OutputWriter.journalName] } == nil, "the journal outlived the build")
    }

    /// Two files of one build with the same path fail it, as they do when handed over made.
    @Test func aPathGivenTwiceFails() throws {
        let disk = MemoryDisk()
        let writer = try OutputWriter(folder: "out", fileSystem: fileSystem(disk, writers: 2))
        let files = [OutputFile(path: "a.html", text: "a"), OutputFile(path: "b.html", text: "b")]
        try writer.write(OutputBatch.lazy(count: 2) { files[$0] })
        #expect(throws: StageFailure.self) {
            try writer.write(OutputBatch.lazy(count: 1) { _ in OutputFile(path: "a.html", text: "again") })
        }
    }

    /// A file that cannot be written fails the batch with its path, and the manifest is not saved.
    @Test func aFailedWriteNamesItsFile() throws {
        let disk = MemoryDisk()
        var fileSystem = fileSystem(disk, writers: 2)
        let write = fileSystem.writeAtomically
        fileSystem.createNew = { path, bytes in
            if path.hasSuffix("bad.html") { throw FileSystemError(path: path, message: "disk full") }
            try write(path, bytes)
            return true
        }
        let writer = try OutputWriter(folder: "out", fileSystem: fileSystem)
        let files = [OutputFile(path: "a.html", text: "a"), OutputFile(path: "bad.html", text: "b")]
        do {
            try writer.write(OutputBatch.lazy(count: 2) { files[$0] })
            Issue.record("a failed write was not reported")
        } catch {
            #expect(error.diagnostics.map(\.location.file) == ["out/bad.html"])
        }
        #expect(disk.files.withLock { $0["out/" + Manifest.fileName] } == nil)
    }
}
