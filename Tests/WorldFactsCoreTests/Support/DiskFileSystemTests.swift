import Foundation
import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
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

    /// A mapped file holds the file's bytes, and keeps them when another file is moved into its place
    /// (as the next build's snapshot is); an empty file maps to no bytes, a folder or a missing file to
    /// an error.
    @Test func mappedFilesKeepTheirBytes() throws {
        let folder = makeTemporaryFolder("mapped")
        defer { removeTemporary(folder) }
        let disk = FileSystem.disk
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 9) }
        try disk.writeAtomically(folder + "/a", bytes)
        let mapped = try disk.readMapped(folder + "/a")
        #expect(mapped.count == bytes.count)
        #expect(mapped.withUnsafeBytes { Array($0) } == bytes)
        try disk.writeAtomically(folder + "/b", [9, 9, 9])
        try disk.move(folder + "/b", folder + "/a")
        #expect(mapped.withUnsafeBytes { Array($0) } == bytes)
        #expect(try disk.readMapped(folder + "/a").withUnsafeBytes { Array($0) } == [9, 9, 9])
        try disk.writeAtomically(folder + "/empty", [])
        #expect(try disk.readMapped(folder + "/empty").count == 0)
        #expect(throws: FileSystemError.self) { try disk.readMapped(folder + "/missing") }
        #expect(throws: FileSystemError.self) { try disk.readMapped(folder) }
    }

    /// Appending goes to the end, and a full disk is named as the reason an append failed (the build's
    /// journal, when the disk fills as it is written): `/dev/full` answers every write with ENOSPC.
    @Test func anAppendToAFullDiskSaysSo() throws {
        let folder = makeTemporaryFolder("append")
        defer { removeTemporary(folder) }
        let disk = FileSystem.disk
        try disk.append(folder + "/journal", Array("a\n".utf8))
        try disk.append(folder + "/journal", Array("b\n".utf8))
        #expect(try readText(folder + "/journal") == "a\nb\n")
        #expect {
            try disk.append("/dev/full", Array("c\n".utf8))
        } throws: { error in
            "\(error)".contains("/dev/full") && "\(error)".contains("No space left on device")
        }
    }

    /// A large file is read in pieces on every core: every byte in its place, whether its size is a
    /// whole number of pieces or not, and the head of it as `readHead` asks.
    @Test func aLargeFileIsReadWholeInPieces() throws {
        let folder = makeTemporaryFolder("pieces")
        defer { removeTemporary(folder) }
        let disk = FileSystem.disk
        for size in [PosixFile.readInPiecesFrom, PosixFile.readInPiecesFrom + PosixFile.readPiece * 2 + 12_345] {
            var bytes = [UInt8](repeating: 0, count: size)
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(size)
            for index in bytes.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
            }
            try disk.writeAtomically(folder + "/large", bytes)
            #expect(try disk.read(folder + "/large") == bytes, "size \(size)")
            #expect(try disk.readHead(folder + "/large", size - 7) == Array(bytes.prefix(size - 7)))
        }
    }

    /// A folder entry's name is read where it ends, not as the 256 bytes `dirent` declares: the kernel packs
    /// entries at their names' length, so the last entry of `readdir`'s buffer can end just before memory
    /// that cannot be read. Here an entry's name ends a page whose next page is made unreadable: reading
    /// `d_name` whole (as the listing did) crashes the tests, as a killed build's next build crashed.
    @Test func aFolderEntryIsReadUpToItsNameOnly() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let start = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            start != MAP_FAILED
        else { throw FileSystemError(path: "mmap", message: String(cString: strerror(errno))) }
        defer { munmap(start, 2 * page) }
        #expect(mprotect(start + page, page, PROT_NONE) == 0)
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        for name in ["a", "cities", String(repeating: "x", count: 200)] {
            let bytes = Array(name.utf8) + [0]
            // Entries are 8-byte aligned, as the kernel lays them out.
            let place = (page - offset - bytes.count) & ~7
            let entry = start + place
            entry.initializeMemory(as: UInt8.self, repeating: 0, count: page - place)
            (entry + offset).copyMemory(from: bytes, byteCount: bytes.count)
            #expect(PosixFile.name(of: entry.assumingMemoryBound(to: dirent.self)) == name)
        }
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

@Suite struct MountTableTests {
    static let sample = """
        22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/vda rw
        23 22 0:21 / /dev/shm rw,nosuid shared:2 - tmpfs tmpfs rw
        24 22 0:22 / /mnt/my\\040disk rw shared:3 - ramfs none rw
        25 22 0:23 / /work rw - xfs /dev/vdb rw
        26 25 0:24 / /work rw - tmpfs tmpfs rw
        27 22 0:25 / /dev rw - devtmpfs udev rw
        """

    /// The longest mount point that holds a path gives its type; a later mount on the same point hides
    /// the earlier; escaped spaces are read back; a point is whole folders, not a prefix of a name.
    @Test func aPathIsOnItsLongestMountPoint() {
        let table = MountTable(Self.sample)
        #expect(table.mounts.count == 6)
        #expect(table.type(of: "/home/x") == "ext4")
        #expect(table.type(of: "/") == "ext4")
        #expect(table.type(of: "/dev/shm/out/cities") == "tmpfs")
        #expect(table.type(of: "/dev/shmx") == "devtmpfs")
        #expect(table.type(of: "/mnt/my disk/site") == "ramfs")
        #expect(table.type(of: "/work/main") == "tmpfs")
        #expect(MountTable("garbage\n\n1 2 3").mounts.isEmpty)
    }

    /// On this machine, the type is the one util-linux's `findmnt` gives, for a folder that exists
    /// and for one that does not yet (the output folder before its first build); and only tmpfs and
    /// ramfs take several writers per folder.
    @Test(arguments: ["/dev/shm", "/tmp", "/dev/shm/no/such/folder", ".", "Sources"])
    func theTypeIsTheOneFindmntGives(path: String) throws {
        var existing = path
        while !FileManager.default.fileExists(atPath: existing) {
            existing = (existing as NSString).deletingLastPathComponent
        }
        let findmnt = Process()
        findmnt.executableURL = URL(fileURLWithPath: "/usr/bin/findmnt")
        findmnt.arguments = ["--noheadings", "--output", "FSTYPE", "--target", existing]
        let pipe = Pipe()
        findmnt.standardOutput = pipe
        try findmnt.run()
        findmnt.waitUntilExit()
        // A point mounted over again is listed once per mount; the last is the one seen.
        let expected =
            String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        #expect(!expected.isEmpty)
        #expect(PosixFile.fileSystemType(of: path) == expected)
        let writers = FileSystem.disk.writersPerFolder(path)
        #expect(writers == (["tmpfs", "ramfs"].contains(expected) ? ProcessInfo.processInfo.activeProcessorCount : 1))
    }

    /// A folder written by several writers at once gets every file, with its bytes, and the report
    /// lists them in the order they were given.
    @Test func aFolderSplitAmongWritersGetsEveryFile() throws {
        let folder = makeTemporaryFolder("writers")
        defer { removeTemporary(folder) }
        var disk = FileSystem.disk
        disk.writersPerFolder = { _ in 3 }
        let writer = try OutputWriter(folder: folder + "/out", fileSystem: disk)
        let files = (0..<1_000).map { OutputFile(path: "pages/\($0).html", text: "page \($0)") }
        try writer.write(Array(files[..<500]))
        try writer.write(Array(files[500...]) + [OutputFile(path: "other/a.html", text: "a")])
        let report = try writer.finish()
        #expect(report.written == files.map(\.path) + ["other/a.html"])
        for number in [0, 1, 333, 334, 499, 500, 666, 999] {
            #expect(try readText(folder + "/out/pages/\(number).html") == "page \(number)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out/pages").count == 1_000)
    }
}
