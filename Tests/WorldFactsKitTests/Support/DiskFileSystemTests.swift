import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsWrite

@Suite struct DiskWriteTests {
    /// A new file is created in place; an existing one is never overwritten by `createNew`, and the
    /// writer then replaces it atomically.
    @Test func createNewNeverOverwrites() throws {
        let folder = makeTemporaryFolder("create")
        defer { removeTemporary(folder) }
        let disk = FileSystem.disk
        #expect(try disk.createNew(folder + "/new/deep/a.html", Array("one".utf8)))
        #expect(try disk.read(folder + "/new/deep/a.html") == Array("one".utf8))
        #expect(try disk.createNew(folder + "/new/deep/a.html", Array("two".utf8)) == false)
        #expect(try disk.read(folder + "/new/deep/a.html") == Array("one".utf8))

        // A file the manifest does not list but that is there (written by hand into a --force'd
        // folder) is replaced whole.
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        try "by hand".write(toFile: folder + "/out/b.html", atomically: false, encoding: .utf8)
        let writer = try OutputWriter(folder: folder + "/out", fileSystem: disk)
        try writer.write(OutputFile(path: "b.html", text: "built"))
        _ = try writer.finish()
        #expect(try readText(folder + "/out/b.html") == "built")
        #expect(!disk.exists(FileSystem.temporaryPath(for: folder + "/out/b.html")))
    }

    /// A file's head is its first bytes, or all of it; moving a file puts it in another's place.
    @Test func headsAndMoves() throws {
        let folder = makeTemporaryFolder("heads")
        defer { removeTemporary(folder) }
        let disk = FileSystem.disk
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try disk.writeAtomically(folder + "/a", bytes)
        #expect(try disk.readHead(folder + "/a", 10) == Array(bytes.prefix(10)))
        #expect(try disk.readHead(folder + "/a", 1 << 20) == bytes)
        #expect(throws: FileSystemError.self) { try disk.readHead(folder + "/missing", 10) }
        try disk.writeAtomically(folder + "/b", [1, 2, 3])
        try disk.move(folder + "/a", folder + "/b")
        #expect(try disk.read(folder + "/b") == bytes && !disk.exists(folder + "/a"))
    }

    /// The sources of the last build are read from its manifest's head, or from the whole manifest when
    /// its header (its warnings) is longer than the head.
    @Test func lastSourcesBehindALongHeader() throws {
        let folder = makeTemporaryFolder("sources")
        defer { removeTemporary(folder) }
        for warnings in [1, 3_000] {
            let writer = try OutputWriter(folder: folder, fileSystem: .disk)
            writer.recordSources(
                "digest-\(warnings)", records: 1,
                warnings: (0..<warnings).map { .warning(SourceLocation(file: "site.yml", line: $0), "warning \($0)") })
            try writer.write(OutputFile(path: "index.html", text: "x"))
            _ = try writer.finish()
            #expect(try FileSystem.disk.read(folder + "/" + Manifest.fileName).count > (warnings > 1 ? 1 << 16 : 0))
            #expect(OutputWriter.lastSources(folder: folder, fileSystem: .disk) == "digest-\(warnings)")
        }
    }

    /// A link to a file counts as that file: in notes, and in the sources digest.
    @Test func linkedFilesAreListedAndDigested() throws {
        let folder = makeTemporaryFolder("links")
        defer { removeTemporary(folder) }
        try "real".write(toFile: folder + "/target.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/content/linked.md", withDestinationPath: folder + "/target.md")
        #expect(try FileSystem.disk.listFiles(folder + "/content") == ["linked.md"])
        let before = try SourceDigest.of(folders: [folder + "/content"], fileSystem: .disk)
        try "edited".write(toFile: folder + "/target.md", atomically: true, encoding: .utf8)
        #expect(try SourceDigest.of(folders: [folder + "/content"], fileSystem: .disk) != before)
    }
}
