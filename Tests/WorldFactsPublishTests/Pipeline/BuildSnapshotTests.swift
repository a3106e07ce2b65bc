import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// The snapshot a build from the command line saves for the next one (`BuildSnapshot`): it is used
/// only when it is whole, of the build that left the output folder as it is, and it never stands in for
/// the sources: whatever changed behind its back is read again. Every build here is compared with a
/// clean build of the same sources.
@Suite struct BuildSnapshotTests {
    struct Project {
        let root: String
        var options: BuildOptions
        var cities: String { root + "/Content/cities.tsv" }
        var snapshot: String { BuildSnapshot.path(in: root + "/Cache", output: options.output, fileSystem: .disk) }
        /// The output folder as the snapshot names it.
        var realOutput: String { BuildSnapshot.outputName(options.output, fileSystem: .disk) }

        init() throws {
            root = try LiveBuildTests().project(cities: 200)
            options = BuildOptions(
                content: root + "/Content", templates: root + "/Templates", output: root + "/Output",
                cache: root + "/Cache")
        }

        func build() throws -> BuildReport { try Builder().build(options) }

        /// The output folder against a clean build of the same sources, without a cache.
        func expectSameAsClean(_ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let fresh = root + "/Fresh"
            removeTemporary(fresh)
            _ = try Builder().build(BuildOptions(content: options.content, templates: options.templates, output: fresh))
            let (built, clean) = (try contents(options.output), try contents(fresh))
            let differing = Set(built.keys).union(clean.keys).filter { built[$0] != clean[$0] }.sorted()
            #expect(differing.isEmpty, "\(what): \(differing.prefix(5))", sourceLocation: sourceLocation)
        }

        /// Replaces the byte at the first occurrence of `text` in the cities file, past its header, keeping
        /// the file's size and modification time, as a change no clock or size would show.
        func flip(_ text: String, to byte: UInt8, at offset: Int = 0) throws {
            var bytes = try FileSystem.disk.read(cities)
            let needle = Array(text.utf8)
            let start = (200..<(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }!
            #expect(bytes[start + offset] != byte)
            let modified = try FileManager.default.attributesOfItem(atPath: cities)[.modificationDate] as! Date
            bytes[start + offset] = byte
            try Data(bytes).write(to: URL(fileURLWithPath: cities))
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: cities)
        }

        /// The model a snapshot's bytes hold, read back for the project's content, templates and output.
        func model(from bytes: [UInt8]) throws -> PriorModel {
            let snapshot = try #require(BuildSnapshot(bytes: FileBytes(bytes)))
            let content = try ContentLoader(folder: options.content, fileSystem: .disk).load()
            let theme = try ThemeLoader(folder: options.templates, fileSystem: .disk).load()
            let rest = try #require(snapshot.rest(config: content.config, folder: options.content))
            return try #require(
                snapshot.model(
                    rest: rest, templates: try TemplateSet(theme: theme), theme: theme,
                    output: try OutputWriter.readPrior(folder: options.output, fileSystem: .disk)))
        }

        /// Sets one city's population, the file's only change.
        func setPopulation(line: Int, _ value: Int) throws {
            var lines = try readText(cities).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var cells = lines[line].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            cells[5] = String(value)
            lines[line] = cells.joined(separator: "\t")
            try lines.joined(separator: "\n").write(toFile: cities, atomically: true, encoding: .utf8)
        }
    }

    @Test func aValueEditStartsFromTheSnapshotAndEqualsACleanBuild() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        let first = try project.build()
        #expect(first.edited == nil && !first.fromSnapshot)
        #expect(FileManager.default.fileExists(atPath: project.snapshot))
        try project.setPopulation(line: 17, 123_457)
        let report = try project.build()
        #expect(report.edited == 1 && report.fromSnapshot)
        #expect(report.summary.hasSuffix("(1 record edited, from the last build's snapshot)"))
        try project.expectSameAsClean("one population")
        // Its snapshot copied the unchanged records' bytes from the last one: the bytes of its model's snapshot
        // encoded whole, with the edit in.
        let saved = try FileSystem.disk.read(project.snapshot)
        let model = try project.model(from: saved)
        #expect(BuildSnapshot.bytes(of: model, output: project.realOutput) == saved)
        #expect(model.content.collections.contains { $0.records.contains { $0.values.contains(.integer(123_457)) } })
        // Nothing changed since: nothing is done, and the snapshot is not read.
        let again = try project.build()
        #expect(again.write.written.isEmpty && !again.steps.contains { $0.name == .readSnapshot })
    }

    @Test func aSourceChangedBehindTheSnapshotsBackIsReadAgain() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        _ = try project.build()
        // One digit of a population (the same size, the same modification time): the record is read again.
        let line = try readText(project.cities).split(separator: "\n")[9].split(
            separator: "\t", omittingEmptySubsequences: false)
        let population = String(line[5])
        try project.flip(
            "\t" + population + "\t", to: population.hasPrefix("9") ? UInt8(ascii: "8") : UInt8(ascii: "9"), at: 1)
        let report = try project.build()
        #expect(report.fromSnapshot && report.edited == 1)
        try project.expectSameAsClean("a population's digit flipped")
        // One letter of a name (an ASCII one): the site is modelled again.
        let named = try readText(project.cities).split(separator: "\n").dropFirst(9)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false)[1] }
            .first { $0.count > 3 && $0.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "Q") } }!
        try project.flip("\t" + String(named) + "\t", to: UInt8(ascii: "Q"), at: 2)
        let renamed = try project.build()
        #expect(renamed.edited == nil)
        try project.expectSameAsClean("a name's letter flipped")
    }

    @Test func aDamagedSnapshotIsNotTrusted() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        for (number, damage) in ["a flipped byte", "a cut end", "another version"].enumerated() {
            _ = try project.build()
            var bytes = try FileSystem.disk.read(project.snapshot)
            switch number {
            case 0: bytes[bytes.count / 2] ^= 0x20
            case 1: bytes.removeLast(100)
            default:
                // Whole, but written by another version: its version text differs by one byte.
                let version = Array(BuildSnapshot.version.utf8)
                let at = (0..<bytes.count).first { Array(bytes[$0..<($0 + version.count)]) == version }!
                bytes[at + version.count - 1] ^= 0x01
                bytes.removeLast(16)
                var trailer = BinaryWriter()
                trailer.int(bytes.count)
                trailer.uint64(BulkHash.Stream.of(bytes))
                bytes += trailer.bytes
            }
            try FileSystem.disk.writeAtomically(project.snapshot, bytes)
            try project.setPopulation(line: 30 + number, 1_000 + number)
            let report = try project.build()
            #expect(report.edited == nil, "\(damage)")
            try project.expectSameAsClean(damage)
        }
    }

    @Test func aSnapshotOfAnotherBuildIsNotUsed() throws {
        var project = try Project()
        defer { removeTemporary(project.root) }
        _ = try project.build()
        // A build without the cache changes the folder: the snapshot is no longer of its last build.
        try project.setPopulation(line: 5, 77)
        let cache = project.options.cache
        project.options.cache = nil
        _ = try project.build()
        project.options.cache = cache
        try project.setPopulation(line: 6, 78)
        let report = try project.build()
        #expect(report.edited == nil)
        try project.expectSameAsClean("after a build without the cache")
        // An interrupted build (its journal): the same.
        try project.setPopulation(line: 7, 79)
        try FileSystem.disk.writeAtomically(
            project.options.output + "/" + OutputWriter.journalName, Array("index.html\n".utf8))
        let afterKill = try project.build()
        #expect(afterKill.edited == nil)
        try project.expectSameAsClean("after an interrupted build")
    }

    /// A new site.yml with a value edit: the snapshot's model is of another config, so the site is
    /// modelled again, and every page shows the new title.
    @Test func aChangedSiteYmlIsNotTakenFromTheSnapshot() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        _ = try project.build()
        let config = project.root + "/Content/site.yml"
        let text = try readText(config)
        #expect(text.hasPrefix("title: World Facts\n") || text.contains("\ntitle: World Facts\n"))
        try text.replacingOccurrences(of: "title: World Facts\n", with: "title: World Facts, edited\n")
            .write(toFile: config, atomically: true, encoding: .utf8)
        try project.setPopulation(line: 21, 31_337)
        let report = try project.build()
        #expect(report.edited == nil && !report.fromSnapshot)
        try project.expectSameAsClean("site.yml and a population")
    }

    @Test func aFileMissingFromTheOutputIsWrittenAgain() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        _ = try project.build()
        let page = try FileSystem.disk.listFiles(project.options.output + "/cities").first { $0.hasSuffix(".html") }!
        try FileManager.default.removeItem(atPath: project.options.output + "/cities/" + page)
        try project.setPopulation(line: 12, 4_242)
        let report = try project.build()
        #expect(report.edited == nil)
        #expect(report.write.written.contains("cities/" + page))
        try project.expectSameAsClean("a page removed by hand")
    }

    /// The file a build saves, written in pieces as it was encoded, is the snapshot of the model it holds,
    /// whole, with nothing left beside it.
    @Test func theSavedFileIsTheWholeSnapshot() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        _ = try project.build()
        let bytes = try FileSystem.disk.read(project.snapshot)
        #expect(
            try FileSystem.disk.listFiles(project.root + "/Cache") == [(project.snapshot as NSString).lastPathComponent]
        )
        #expect(BuildSnapshot.bytes(of: try project.model(from: bytes), output: project.realOutput) == bytes)
    }

    /// Written, read back and written again: the same bytes, so every part of the model is kept.
    @Test func theSnapshotReadsBackAsItWasWritten() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        let options = project.options
        // The cities' index split into pages, and large sections into parts: the snapshot keeps them.
        let config = project.root + "/Content/site.yml"
        let split = try readText(config).replacingOccurrences(
            of: "split_above: 300", with: "split_above: 50\n      section_size: 8")
        #expect(split.contains("section_size: 8"))
        try split.write(toFile: config, atomically: true, encoding: .utf8)
        let (_, kept) = try Builder().build(options, watch: WatchModel())
        let model = try #require(kept)
        let bytes = BuildSnapshot.bytes(of: model, output: project.realOutput)
        let read = try project.model(from: bytes)
        #expect(BuildSnapshot.bytes(of: read, output: project.realOutput) == bytes)
        // The memo's key hashes come back too: a load from the snapshot checks only the keys it reads.
        let memos = read.loadMemo.delimited.values.map(\.keys) + read.loadMemo.json.values.map(\.keys)
        #expect(!memos.isEmpty && memos.allSatisfy { $0 != nil })
        #expect(read.site.collections.map(\.records) == model.site.collections.map(\.records))
        #expect(read.site.collections.count == 2 && read.site.groups.count == model.site.groups.count)
        let pages = model.site.collections.map(\.indexPages)
        #expect(read.site.collections.map(\.indexPages) == pages)
        #expect(pages[1].count > model.site.collections[1].sections.count)
        // The "All" scope's keys are not saved but merged again: the same texts, record by record.
        #expect(read.search?.keys.map { Array($0.texts) } == model.search?.keys.map { Array($0.texts) })
        #expect(read.site.config.search.scopes.contains { $0.collection == nil })
        #expect(read.positions == model.positions && read.rowInputs == model.rowInputs)
    }

    /// In Output it would be published; in the content or templates it would be a source of the next build.
    @Test func aCacheInsideTheOutputOrTheSourcesIsRefused() throws {
        var project = try Project()
        defer { removeTemporary(project.root) }
        for place in ["/Output/.cache", "/Content/cache", "/Templates"] {
            project.options.cache = project.root + place
            #expect(throws: BuildFailure.self, "\(place)") { try project.build() }
            #expect(!FileManager.default.fileExists(atPath: project.options.output), "\(place)")
        }
        project.options.cache = project.root + "/Cache"
        #expect(try project.build().write.written.count > 0)
    }

    @Test func aCacheThatCannotBeWrittenIsAWarning() throws {
        var project = try Project()
        defer { removeTemporary(project.root) }
        // The cache folder is a file: the snapshot cannot be saved, the site is built all the same.
        try FileSystem.disk.writeAtomically(project.root + "/NotAFolder", [0x41])
        project.options.cache = project.root + "/NotAFolder"
        let report = try project.build()
        #expect(report.warnings.contains { $0.message.hasPrefix("cannot save the build's snapshot") })
        try project.expectSameAsClean("no cache")
    }

    /// The snapshot's last part is encoded while the index pages are written: a build that fails writing
    /// them waits for that encoding, leaves the last build's snapshot as it was and no staging file. The
    /// snapshot's writes are slowed, so that one not waited for would land after the build has returned.
    @Test func aBuildThatFailsAfterItsIndexKeepsTheLastSnapshot() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        _ = try project.build()
        let before = try FileSystem.disk.read(project.snapshot)
        var fileSystem = FileSystem.disk
        let index = project.options.output + "/index.html"
        let (writeAtomically, createNew, append) = (fileSystem.writeAtomically, fileSystem.createNew, fileSystem.append)
        let staging = FileSystem.temporaryPath(for: project.snapshot)
        fileSystem.append = { path, bytes in
            if path == staging { Thread.sleep(forTimeInterval: 0.3) }
            try append(path, bytes)
        }
        struct Refused: Error {}
        fileSystem.writeAtomically = { path, bytes in
            if path == index { throw Refused() }
            try writeAtomically(path, bytes)
        }
        fileSystem.createNew = { path, bytes in
            if path == index { throw Refused() }
            return try createNew(path, bytes)
        }
        var options = project.options
        options.clean = true
        #expect(throws: BuildFailure.self) { try Builder(fileSystem: fileSystem).build(options) }
        Thread.sleep(forTimeInterval: 1)
        #expect(try FileSystem.disk.read(project.snapshot) == before)
        let cache = (project.snapshot as NSString).deletingLastPathComponent
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache) == [
                (project.snapshot as NSString).lastPathComponent
            ])
    }

    /// The cache does not grow without bound: once a build saves its snapshot, the snapshots no build can
    /// use again go, when they have been left alone for an hour (`SnapshotCache`): one whose output folder
    /// was deleted, one of another version, a killed build's staging file. A snapshot whose output folder
    /// is still there stays, and so does any file that is not a snapshot, and anything touched lately.
    @Test func snapshotsNoBuildCanUseAgainAreRemovedFromTheCache() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        let cache = project.root + "/Cache"
        func snapshotOf(_ output: String) -> String { BuildSnapshot.path(in: cache, output: output, fileSystem: .disk) }
        func build(into output: String) throws {
            var options = project.options
            options.output = output
            _ = try Builder().build(options)
        }
        let (gone, kept, fresh) = (project.root + "/Gone", project.root + "/Kept", project.root + "/Fresh")
        try build(into: gone)
        try build(into: kept)
        try build(into: fresh)
        removeTemporary(gone)
        removeTemporary(fresh)
        let oldVersion = cache + "/0123456789abcdef.snapshot"
        var writer = BinaryWriter()
        writer.append(BuildSnapshot.magic)
        writer.string("snapshot-1/an older generator")
        try Data(writer.bytes).write(to: URL(fileURLWithPath: oldVersion))
        let notOurs = cache + "/notes.snapshot"
        try Data("my own notes".utf8).write(to: URL(fileURLWithPath: notOurs))
        let staging = FileSystem.temporaryPath(for: cache + "/fedcba9876543210.snapshot")
        try Data("half a snapshot".utf8).write(to: URL(fileURLWithPath: staging))
        // Left alone for two hours, all but the output folder deleted lately ("Fresh").
        let twoHoursAgo = Date(timeIntervalSinceNow: -7_200)
        for path in [snapshotOf(gone), snapshotOf(kept), oldVersion, notOurs, staging] {
            try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: path)
        }
        _ = try project.build()
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: cache))
        let name = { (path: String) in (path as NSString).lastPathComponent }
        #expect(
            names == Set([project.snapshot, snapshotOf(kept), snapshotOf(fresh), notOurs].map(name)),
            "\(names.sorted())")
        // A snapshot is read only for the folder it names, even under another's name.
        try FileManager.default.removeItem(atPath: project.snapshot)
        try FileManager.default.copyItem(atPath: snapshotOf(kept), toPath: project.snapshot)
        try project.setPopulation(line: 9, 77_777)
        let report = try project.build()
        #expect(!report.fromSnapshot && report.edited == nil)
        try project.expectSameAsClean("another folder's snapshot")
    }
}
