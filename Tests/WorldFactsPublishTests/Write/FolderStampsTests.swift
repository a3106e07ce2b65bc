import Foundation
import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// A folder whose stamp is as the last build saved it is not listed, and any change that could remove
/// a file from it is seen: a file removed at once after the build, a folder made again with the old
/// time, a stamp file saved with another manifest.
@Suite struct FolderStampsTests {
    func build(_ output: String) throws {
        let writer = try OutputWriter(folder: output, fileSystem: .disk)
        try writer.write((0..<50).map { OutputFile(path: "pages/p\($0).html", text: "page \($0)") })
        try writer.write(OutputFile(path: "index.html", text: "index"))
        _ = try writer.finish()
    }

    func missing(_ output: String) throws -> Set<String> {
        try OutputWriter.readPrior(folder: output, fileSystem: .disk).missing
    }

    func unchanged(_ output: String) throws -> Set<String> {
        FolderStamps.unchanged(
            in: output, manifest: try FileSystem.disk.read(output + "/" + Manifest.fileName), fileSystem: .disk)
    }

    /// Many paths' folders are found on every core, a chunk each: a folder that runs across chunks, or
    /// comes back in a later one, is found once, as in one pass.
    @Test func manyPathsFoldersAreThoseOfOnePass() {
        var paths: [String] = []
        for number in 0..<200_000 {
            // Runs of one folder that cross the chunks' bounds, folders that come back, files at the top.
            let folder = number % 7 == 0 ? "" : "f\((number / 30_000) % 5)/\(number % 3 == 0 ? "a/" : "")"
            paths.append(folder + "p\(number).html")
        }
        let folders = FolderStamps.folders(of: paths)
        #expect(folders == FolderStamps.folders(of: paths[...]))
        #expect(folders == Set((0..<5).flatMap { ["f\($0)", "f\($0)/a"] }))
    }

    @Test func anUnchangedFolderIsTrustedAndAChangedOneListed() throws {
        let output = makeTemporaryFolder("stamps")
        defer { removeTemporary(output) }
        try build(output)
        #expect(try unchanged(output) == ["pages"])  // the output folder itself is always listed
        #expect(try missing(output).isEmpty)
        // Removed at once after the build: the folder's time moves on all the same.
        try FileManager.default.removeItem(atPath: output + "/pages/p7.html")
        #expect(try unchanged(output).isEmpty)
        #expect(try missing(output) == ["pages/p7.html"])
        // A build writes it again, and the folder is trusted again.
        let writer = try OutputWriter(
            folder: output, fileSystem: .disk,
            previous: try OutputWriter.readPrior(folder: output, fileSystem: .disk))
        try writer.write((0..<50).map { OutputFile(path: "pages/p\($0).html", text: "page \($0)") })
        try writer.write(OutputFile(path: "index.html", text: "index"))
        #expect(try writer.finish().written == ["pages/p7.html"])
        #expect(try unchanged(output) == ["pages"])
        // A file removed from the output folder itself is seen too: it is always listed.
        try FileManager.default.removeItem(atPath: output + "/index.html")
        #expect(try missing(output) == ["index.html"])
    }

    /// A build whose next one starts from its live model (`watch`) does not wait for the clock: a folder it
    /// just changed is left out of the stamps, and the next build from the command line lists it.
    @Test func withoutWaitingAFolderJustChangedIsLeftOut() throws {
        let output = makeTemporaryFolder("stamps")
        defer { removeTemporary(output) }
        let writer = try OutputWriter(folder: output, fileSystem: .disk)
        writer.waitsForStamps = false
        try writer.write((0..<5).map { OutputFile(path: "pages/p\($0).html", text: "page \($0)") })
        _ = try writer.finish()
        #expect(try unchanged(output).isEmpty)
        #expect(try missing(output).isEmpty)
        try FileManager.default.removeItem(atPath: output + "/pages/p3.html")
        #expect(try missing(output) == ["pages/p3.html"])
        let paths = (0..<5).map { "pages/p\($0).html" } + ["pages/sub/q.html", "index.html"]
        let waited = FolderStamps.taken(of: paths, in: output, fileSystem: .disk, manifest: 1)
        #expect(Set(waited.stamps.keys) == ["pages"])  // "pages/sub" is not there
    }

    @Test func aFolderMadeAgainWithTheSameTimeIsListed() throws {
        let output = makeTemporaryFolder("stamps")
        defer { removeTemporary(output) }
        try build(output)
        let pages = output + "/pages"
        let time = try #require(FileManager.default.attributesOfItem(atPath: pages)[.modificationDate] as? Date)
        try FileManager.default.moveItem(atPath: pages, toPath: output + "/old")
        try FileManager.default.createDirectory(atPath: pages, withIntermediateDirectories: false)
        for number in 1..<50 {
            try FileManager.default.moveItem(
                atPath: output + "/old/p\(number).html", toPath: pages + "/p\(number).html")
        }
        try FileManager.default.removeItem(atPath: output + "/old")
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: pages)
        #expect(try unchanged(output).isEmpty)
        #expect(try missing(output) == ["pages/p0.html"])
    }

    @Test func stampsSavedWithAnotherManifestAreNotUsed() throws {
        let output = makeTemporaryFolder("stamps")
        defer { removeTemporary(output) }
        try build(output)
        let path = output + "/" + FolderStamps.fileName
        var stamps = try #require(FolderStamps(bytes: try FileSystem.disk.read(path)))
        #expect(try unchanged(output) == ["pages"])
        stamps.manifest &+= 1
        try FileSystem.disk.writeAtomically(path, stamps.encoded())
        #expect(try unchanged(output).isEmpty)
        #expect(FolderStamps(bytes: Array("not stamps\n".utf8)) == nil)
    }
}
