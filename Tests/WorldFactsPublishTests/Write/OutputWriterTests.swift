import Foundation
import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
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

    /// A page of the last build is read back (`ReuseIndex.priorBytes`) only as that build wrote it: changed
    /// on disk since, removed, or never written by a build, it is not.
    @Test func thePriorBytesOfAPageAreWhatTheLastBuildWrote() throws {
        let disk = MemoryDisk()
        _ = try build(disk, [OutputFile(path: "a.html", text: "A"), OutputFile(path: "b/b.html", text: "B")])
        disk.files.withLock { $0["out/c.html"] = Array("C".utf8) }
        let prior = try OutputWriter(folder: "out", fileSystem: disk.fileSystem).reuse
        #expect(prior.priorBytes("a.html") == Array("A".utf8))
        #expect(prior.priorBytes("b/b.html") == Array("B".utf8))
        #expect(prior.priorBytes("c.html") == nil, "a file no build wrote")
        disk.files.withLock {
            $0["out/a.html"] = Array("A, changed by hand".utf8)
            $0["out/b/b.html"] = nil
        }
        #expect(prior.priorBytes("a.html") == nil, "a page changed on disk")
        #expect(prior.priorBytes("b/b.html") == nil, "a page removed")
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
        let asked = [
            "c/b.html", "index.html", "s/x/1.json", "c/gone.html", "s/y/1.json", "c/a.html", "s/x/gone.json",
            "gone.html",
            "nofolder/a.html", "s/y/1.js",
        ]
        #expect(
            MissingFiles.among(asked, in: "out", fileSystem: disk.fileSystem)
                == ["c/gone.html", "s/x/gone.json", "gone.html", "nofolder/a.html", "s/y/1.js"])
    }

    /// A manifest large enough to be written in slices reads back whole, in the order given.
    @Test func aLargeManifestRoundTripsInOrder() throws {
        var manifest = Manifest(sources: "abc", records: 25_000)
        var order: [String] = []
        for number in 0..<25_000 {
            let path = "pages/p\((number * 7_919) % 25_000).html"
            order.append(path)
            manifest.entries[path] = Manifest.Entry(
                hash: UInt64(number) &* 0x9E37_79B9_7F4A_7C15, inputs: number % 3 == 0 ? nil : UInt64(number))
        }
        let bytes = manifest.encoded(order: order)
        #expect(Manifest.decode(bytes) == manifest)
        #expect(try #require(ManifestLines.summary(bytes)).paths == order)
    }

    @Test func manifestRoundTrips() {
        let manifest = Manifest(files: ["a.html": "0011", "search/x.json": "ffee"])
        #expect(Manifest.decode(manifest.encoded()) == manifest)
        let full = Manifest(
            files: ["a.html": "0011", "b \"c\".html": "22", "d/é.html": "33"],
            inputs: ["a.html": "99", "b \"c\".html": "98"],
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
        let compact =
            #"{"generator":"worldfacts","version":1,"sources":"abcd","records":3,"files":{"a.html":"0011","#
            + #""d/é.html":"33"},"inputs":{"a.html":"99"}}"#
        #expect(ManifestLines.decode(Array(compact.utf8)) == nil)
        #expect(Manifest.decode(Array(compact.utf8)) == plain)
        let compactVersion2 =
            #"{"generator":"worldfacts","version":2,"sources":"abcd","records":3,"files":{"a.html":"0011 99","#
            + #""d/é.html":"33"}}"#
        #expect(Manifest.decode(Array(compactVersion2.utf8)) == plain)
        #expect(Manifest.decode(Array(#"{"generator":"worldfacts","files":{"../etc/passwd":"1"}}"#.utf8)) == nil)
        // One line per file, its hash and fingerprint in one value.
        let text = String(decoding: plain.encoded(order: ["a.html", "d/é.html"]), as: UTF8.self)
        #expect(
            text.contains(
                "\n    \"a.html\": \"0000000000000011 0000000000000099\",\n    \"d/é.html\": \"0000000000000033\"\n  "
                    + "}\n}\n"
            ))
        #expect(ManifestLines.header(plain.encoded())?.sources == "abcd")
    }

    @Test func manifestKeepsTheBuildsWarnings() throws {
        // Quotes, a backslash, a newline, markup and a non-Latin name: what a record key or field can hold.
        let warnings: [Diagnostic] = [
            .warning(SourceLocation(file: "Content/notes/ghost.md"), "note names no record 'GHOST'"),
            .warning(
                SourceLocation(file: "Content/countries.json", line: 12, column: 5), record: "A\"B\\C\n<i>",
                field: "neighbours", "links to 'Ελλάδα', which names no record"),
        ]
        var manifest = Manifest(files: ["a.html": "0011", "d/é.html": "33"], sources: "abcd", records: 3)
        manifest.warnings = warnings
        let bytes = manifest.encoded()
        #expect(ManifestLines.decode(bytes) == manifest, "the line reader reads the warnings line")
        #expect(ManifestLines.header(bytes)?.warnings == warnings && ManifestLines.summary(bytes)?.warnings == warnings)
        #expect(
            String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("  \"warnings\": [[") }
                .count == 1)
        // The JSON parser reads them too (a manifest on one line).
        let compact =
            #"{"generator":"worldfacts","version":2,"sources":"abcd","records":3,"#
            + #""warnings":[["Content/notes/ghost.md",null,null,null,null,"note names no record 'GHOST'"]],"#
            + #""files":{"a.html":"0011"}}"#
        #expect(Manifest.decode(Array(compact.utf8))?.warnings == [warnings[0]])
        // A warnings line that is not what encoded() writes is not taken for warnings: the line reader
        // leaves such a manifest to the JSON parser, and its summary has no warnings to give.
        let broken = Array(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"neighbours\"", with: "7").utf8)
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
