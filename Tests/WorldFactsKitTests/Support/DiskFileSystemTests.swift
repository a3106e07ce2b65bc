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
