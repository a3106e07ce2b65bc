import Foundation
import Synchronization
import Testing
@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsMustache
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsWatch
@testable import WorldFactsWrite

@Suite struct OutputWriterTests {
    func build(_ disk: MemoryDisk, _ files: [OutputFile]) throws -> WriteReport {
        let writer = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        for file in files { try writer.write(file) }
        return try writer.finish()
    }

    @Test func writesOnlyChangedFilesAndPrunesItsOwn() throws {
        let disk = MemoryDisk()
        disk.files.withLock { $0["out/mine-not.txt"] = [1] }
        let first = try build(disk, [OutputFile(path: "a.html", text: "A"), OutputFile(path: "b/b.html", text: "B")])
        #expect(first.written == ["a.html", "b/b.html"])

        disk.writes.withLock { $0.removeAll() }
        let noop = try build(disk, [OutputFile(path: "a.html", text: "A"), OutputFile(path: "b/b.html", text: "B")])
        #expect(noop.written.isEmpty && noop.unchanged == 2 && noop.removed.isEmpty)
        #expect(disk.writes.withLock { $0 }.isEmpty, "a no-op build wrote something")

        let changed = try build(disk, [OutputFile(path: "a.html", text: "A2")])
        #expect(changed.written == ["a.html"])
        #expect(changed.removed == ["b/b.html"])
        #expect(disk.files.withLock { $0["out/b/b.html"] } == nil)
        #expect(disk.files.withLock { $0["out/mine-not.txt"] } == [1], "a file the generator did not write was touched")
    }

    @Test func rewritesAFileDeletedBehindItsBack() throws {
        let disk = MemoryDisk()
        _ = try build(disk, [OutputFile(path: "a.html", text: "A")])
        _ = disk.files.withLock { $0.removeValue(forKey: "out/a.html") }
        #expect(try build(disk, [OutputFile(path: "a.html", text: "A")]).written == ["a.html"])
    }

    /// Paths in any order, over several folders, some gone: exactly those are missing.
    @Test func missingFilesAreThoseNotListed() {
        let disk = MemoryDisk()
        let present = ["out/index.html", "out/c/a.html", "out/c/b.html", "out/s/x/1.json", "out/s/y/1.json"]
        disk.files.withLock { for path in present { $0[path] = [1] } }
        let asked = ["c/b.html", "index.html", "s/x/1.json", "c/gone.html", "s/y/1.json", "c/a.html", "s/x/gone.json", "gone.html",
                     "nofolder/a.html", "s/y/1.js"]
        #expect(MissingFiles.among(asked, in: "out", fileSystem: disk.fileSystem)
                == ["c/gone.html", "s/x/gone.json", "gone.html", "nofolder/a.html", "s/y/1.js"])
    }

    /// A manifest large enough to be written in slices reads back whole, in the order given.
    @Test func aLargeManifestRoundTripsInOrder() throws {
        var manifest = Manifest(sources: "abc", records: 25_000)
        var order: [String] = []
        for number in 0..<25_000 {
            let path = "pages/p\((number * 7_919) % 25_000).html"
            order.append(path)
            manifest.entries[path] = Manifest.Entry(hash: UInt64(number) &* 0x9E37_79B9_7F4A_7C15, inputs: number % 3 == 0 ? nil : UInt64(number))
        }
        let bytes = manifest.encoded(order: order)
        #expect(Manifest.decode(bytes) == manifest)
        #expect(try #require(ManifestLines.summary(bytes)).paths == order)
    }

    @Test func manifestRoundTrips() {
        let manifest = Manifest(files: ["a.html": "0011", "search/x.json": "ffee"])
        #expect(Manifest.decode(manifest.encoded()) == manifest)
        let full = Manifest(files: ["a.html": "0011", "b \"c\".html": "22", "d/é.html": "33"], inputs: ["a.html": "99", "b \"c\".html": "98"],
                            sources: "abcd", records: 3)
        #expect(ManifestLines.decode(full.encoded()) == nil, "a key with an escape is left to the JSON parser")
        #expect(Manifest.decode(full.encoded()) == full)
        var plain = full
        plain.entries["b \"c\".html"] = nil
        #expect(ManifestLines.decode(plain.encoded()) == plain, "the line reader reads what encoded() writes")
        #expect(ManifestLines.summary(plain.encoded())?.paths.sorted() == ["a.html", "d/é.html"])
        // In the order the writer wrote the files, which is kept.
        #expect(ManifestLines.decode(plain.encoded(order: ["d/é.html", "a.html"])) == plain)
        #expect(ManifestLines.summary(plain.encoded(order: ["d/é.html", "a.html"]))?.paths == ["d/é.html", "a.html"])
        #expect(Manifest.decode(Manifest().encoded()) == Manifest())
        // The same manifest on one line, as a person or another tool might write it.
        let compact = #"{"generator":"worldfacts","version":1,"sources":"abcd","records":3,"files":{"a.html":"0011","d/é.html":"33"},"inputs":{"a.html":"99"}}"#
        #expect(ManifestLines.decode(Array(compact.utf8)) == nil)
        #expect(Manifest.decode(Array(compact.utf8)) == plain)
        let compactVersion2 = #"{"generator":"worldfacts","version":2,"sources":"abcd","records":3,"files":{"a.html":"0011 99","d/é.html":"33"}}"#
        #expect(Manifest.decode(Array(compactVersion2.utf8)) == plain)
        #expect(Manifest.decode(Array(#"{"generator":"worldfacts","files":{"../etc/passwd":"1"}}"#.utf8)) == nil)
        // One line per file, its hash and fingerprint in one value.
        let text = String(decoding: plain.encoded(order: ["a.html", "d/é.html"]), as: UTF8.self)
        #expect(text.contains("\n    \"a.html\": \"0000000000000011 0000000000000099\",\n    \"d/é.html\": \"0000000000000033\"\n  }\n}\n"))
        #expect(ManifestLines.header(plain.encoded())?.sources == "abcd")
    }

    @Test func manifestKeepsTheBuildsWarnings() throws {
        // Quotes, a backslash, a newline, markup and a non-Latin name: what a record key or field can hold.
        let warnings: [Diagnostic] = [
            .warning(SourceLocation(file: "Content/notes/ghost.md"), "note names no record 'GHOST'"),
            .warning(SourceLocation(file: "Content/countries.json", line: 12, column: 5), record: "A\"B\\C\n<i>",
                     field: "neighbours", "links to 'Ελλάδα', which names no record"),
        ]
        var manifest = Manifest(files: ["a.html": "0011", "d/é.html": "33"], sources: "abcd", records: 3)
        manifest.warnings = warnings
        let bytes = manifest.encoded()
        #expect(ManifestLines.decode(bytes) == manifest, "the line reader reads the warnings line")
        #expect(ManifestLines.header(bytes)?.warnings == warnings && ManifestLines.summary(bytes)?.warnings == warnings)
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("  \"warnings\": [[") }.count == 1)
        // The JSON parser reads them too (a manifest on one line).
        let compact = #"{"generator":"worldfacts","version":2,"sources":"abcd","records":3,"warnings":[["Content/notes/ghost.md",null,null,null,null,"note names no record 'GHOST'"]],"files":{"a.html":"0011"}}"#
        #expect(Manifest.decode(Array(compact.utf8))?.warnings == [warnings[0]])
        // A warnings line that is not what encoded() writes is not taken for warnings: the line reader
        // leaves such a manifest to the JSON parser, and its summary has no warnings to give.
        let broken = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"neighbours\"", with: "7").utf8)
        #expect(ManifestLines.decode(broken) == nil)
        #expect(try #require(ManifestLines.summary(broken)).warnings == nil)
        #expect(ManifestWarnings.decoded(Array(#"[["a",1,2,3,null,"m"]]"#.utf8)) == nil)
        #expect(ManifestWarnings.decoded(Array(#"[["a",1,2,null,null]]"#.utf8)) == nil)
        // No warnings, no line.
        manifest.warnings = []
        #expect(!String(decoding: manifest.encoded(), as: UTF8.self).contains("warnings"))
        #expect(ManifestLines.decode(manifest.encoded()) == manifest)
    }
}

@Suite struct OutputGuardTests {
    @Test func refusesInputsRootAndForeignFolders() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let content = root + "/Content"
        writeContent(content, records: "[]")
        let guardian = OutputGuard()
        #expect(throws: StageFailure.self) { try guardian.check(output: content, inputs: [content], force: false) }
        #expect(throws: StageFailure.self) { try guardian.check(output: root, inputs: [content], force: true) }
        #expect(throws: StageFailure.self) { try guardian.check(output: "/", inputs: [content], force: true) }
        #expect(throws: StageFailure.self) { try guardian.check(output: content + "/notes/..", inputs: [content], force: false) }
        let foreign = root + "/foreign"
        writeContent(foreign, records: "[]")
        #expect(throws: StageFailure.self) { try guardian.check(output: foreign, inputs: [content], force: false) }
        try guardian.check(output: foreign, inputs: [content], force: true)
        try guardian.check(output: root + "/new", inputs: [content], force: false)
    }
}

@Suite struct InterruptedBuildTests {
    @Test func theNextBuildRemovesWhatAnInterruptedBuildLeft() throws {
        let disk = MemoryDisk()
        let first = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        try first.write(OutputFile(path: "a.html", text: "A"))
        _ = try first.finish()
        // A build that is killed after writing a new file: no manifest update, a journal and a staging file left.
        let killed = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        try killed.write(OutputFile(path: "orphan.html", text: "O"))
        disk.files.withLock { $0[FileSystem.temporaryPath(for: "out/half.html")] = [1]; $0["out/.worldfacts-journal", default: []] += Array("half.html\n".utf8) }
        #expect(disk.files.withLock { $0["out/.worldfacts-journal"] } != nil)

        let next = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        try next.write(OutputFile(path: "a.html", text: "A"))
        let report = try next.finish()
        #expect(report.removed == ["half.html", "orphan.html"])
        let left = disk.files.withLock { Set($0.keys) }
        #expect(left == ["out/a.html", "out/.worldfacts-manifest.json"])
    }
}

@Suite struct OutputPathTests {
    /// The rule as written first: split into parts, none empty, none starting with a dot.
    func reference(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") }
    }

    @Test func safePathsStayInsideTheOutputFolder() {
        for path in ["a.html", "a/b.html", "a.b/c", "é/ü.html", "a/b."] { #expect(OutputPath.isSafe(path), "\(path)") }
        for path in ["", "/a", "a/", "a//b", "./a", "a/../b", "..", ".hidden", "a/.b", "/"] { #expect(!OutputPath.isSafe(path), "\(path)") }
        var random = DifferentialFoldingTests.SplitMix(state: 3)
        let pieces = ["a", ".", "/", "é", "b"]
        for _ in 0..<5_000 {
            let path = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % 5)] }.joined()
            #expect(OutputPath.isSafe(path) == reference(path), "\(path)")
        }
    }
}

@Suite struct HashTests {
    /// The published FNV-1a 64-bit test vectors (fingerprints and digests are FNV-1a).
    @Test func fnv1aMatchesThePublishedVectors() {
        for (text, expected) in [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")] {
            var hash = StableHash()
            hash.add(contentsOf: text.utf8)
            #expect(hash.hex == expected)
        }
    }

    /// Content hashes (BulkHash) tell apart every one-byte change, at every offset of a buffer and in
    /// its tail, every length, and buffers that only differ by trailing zeros.
    @Test func contentHashSeesEveryOneByteChange() {
        let base = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        var seen = Set([ContentHash.hex(base)])
        for offset in base.indices {
            for delta: UInt8 in [1, 0x80] {
                var changed = base
                changed[offset] &+= delta
                #expect(seen.insert(ContentHash.hex(changed)).inserted, "offset \(offset)")
            }
        }
        var lengths = Set<String>()
        for count in 0...64 { lengths.insert(ContentHash.hex([UInt8](repeating: 0, count: count))) }
        #expect(lengths.count == 65)
        #expect(ContentHash.hex(Array("abc".utf8)) == ContentHash.hex(Array("abc".utf8)))
        #expect(ContentHash.hex(Array("abc".utf8)).count == 16)
    }

    @Test func fingerprintsTellShapesApart() {
        let a = ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": ["c"]])
        #expect(a == ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": ["c"]]))
        // Objects keep the order their keys were set in, and so does the fingerprint: a reordering
        // renders again, which is safe.
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["b": ["c"], "a": "1"]))
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": [["c": "c"]]]))
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": [.flag(true)]]))
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1", "b": "c"]))
        #expect(a != ContextFingerprint.of(templates: "t", template: "x", context: ["a": "1b", "": ["c"]]))
        #expect(a != ContextFingerprint.of(templates: "u", template: "x", context: ["a": "1", "b": ["c"]]))
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
        #expect(!next.reuse.canReuse("a.html", inputs: "fingerprint-1"), "the file on disk is not what fingerprint-1 rendered")
        #expect(next.reuse.canReuse("b.html", inputs: "fingerprint-b"), "pages the killed build did not touch stay reusable")
        try next.write(OutputFile(path: "a.html", text: "A", inputs: "fingerprint-1"))
        try next.write(.reused(path: "b.html", inputs: "fingerprint-b"))
        let report = try next.finish()
        #expect(report.written == ["a.html"], "the rendered page goes back even though its bytes hash as the old manifest said")
        #expect(disk.files.withLock { $0["out/a.html"] } == Array("A".utf8))
    }
}

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
        try FileManager.default.createSymbolicLink(atPath: folder + "/content/linked.md", withDestinationPath: folder + "/target.md")
        #expect(try FileSystem.disk.listFiles(folder + "/content") == ["linked.md"])
        let before = try SourceDigest.of(folders: [folder + "/content"], fileSystem: .disk)
        try "edited".write(toFile: folder + "/target.md", atomically: true, encoding: .utf8)
        #expect(try SourceDigest.of(folders: [folder + "/content"], fileSystem: .disk) != before)
    }
}

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
        fileSystem.createNew = { path, bytes in try failing(path, bytes); return true }
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
        #expect("\(failure.map { "\($0)" } ?? "none")".contains("out/bad.html: error: cannot write: out/bad.html: disk full"))
        #expect(disk.files.withLock { $0["out/a.html"] } == Array("a".utf8))
        #expect(disk.files.withLock { $0["out/c.html"] } == nil, "nothing is written after a failure")
        #expect(disk.files.withLock { $0["out/" + Manifest.fileName] } == nil)
    }
}
