import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// Incremental builds on a copy of the shipped content, on disk.
@Suite struct IncrementalBuildTests {
    let root: String
    var options: BuildOptions

    init() throws {
        root = makeTemporaryFolder("incremental")
        try FileManager.default.copyItem(atPath: repoPath("Tests/Fixtures/countries"), toPath: root + "/Content")
        options = BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output")
        _ = try Builder().build(options)
    }

    func editRecords(_ change: (inout [[String: Any]]) -> Void) throws {
        let path = root + "/Content/countries.json"
        var records =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [[String: Any]]
        change(&records)
        try JSONSerialization.data(withJSONObject: records, options: [.prettyPrinted, .sortedKeys]).write(
            to: URL(fileURLWithPath: path))
    }

    func manifest() throws -> Manifest {
        try #require(Manifest.decode(try FileSystem.disk.read(root + "/Output/" + Manifest.fileName)))
    }

    func files(containing text: String, under folder: String) throws -> Set<String> {
        Set(
            try FileSystem.disk.listFiles(root + "/Output/" + folder).filter {
                String(decoding: try FileSystem.disk.read(root + "/Output/\(folder)/\($0)"), as: UTF8.self).contains(
                    text)
            }.map { "\(folder)/\($0)" })
    }

    @Test func onePopulationRewritesItsPageTheIndexAndTheShardsThatShowIt() throws {
        defer { removeTemporary(root) }
        try editRecords { records in
            let i = records.firstIndex { $0["code"] as? String == "IS" }!
            records[i]["population"] = 400_000
        }
        let report = try Builder().build(options)
        // The files that show the new population: the shards of the scopes whose entries show it, and the
        // full-text scope's file of rows, which its entries leave out.
        let shards = try files(containing: "400,000", under: "search")
        #expect(shards.contains { $0.hasPrefix("search/text/r.") })
        // The full-text scope's shards hold Iceland under every word of its note (an entry names its record
        // page by its slug), and none of them changes.
        let textShards = try files(containing: #""is",["#, under: "search").filter { $0.hasPrefix("search/text/") }
        #expect(textShards.count > 10)
        #expect(textShards.isDisjoint(with: report.write.written))
        // The manifest names the new shards, and the entry the new manifest; no other page changes.
        let manifestFiles = Set(
            report.write.written.filter { $0.hasPrefix("search/manifest/") || $0.hasPrefix("search/entry.") })
        #expect(manifestFiles.count == 2)
        // A preview names the shards one scalar below it (the full-text scope has some): one above a renamed
        // shard is renamed too.
        func prefix(_ path: String) -> (folder: Substring, hex: Substring) {
            let name = path.split(separator: "/").last!
            return (path.dropLast(name.count), name.dropFirst(2).prefix { $0 != "." })
        }
        let previews = Set(report.write.written.filter { $0.contains("/p-") }).subtracting(shards)
        #expect(
            previews.allSatisfy { preview in
                shards.contains {
                    prefix($0).folder == prefix(preview).folder && prefix($0).hex.hasPrefix(prefix(preview).hex)
                }
            })
        #expect(
            Set(report.write.written)
                == Set(["countries/is.html", "index.html"]).union(shards).union(manifestFiles).union(previews))
        // Each shard that changed has a new name: the old names, and the old manifest, are gone.
        #expect(report.write.removed.count == shards.count + previews.count + 1)
        #expect(report.write.removed.allSatisfy { $0.hasPrefix("search/") && !shards.contains($0) })
        #expect(try readText(root + "/Output/countries/is.html").contains("400,000"))
    }

    /// A folder built when the bookkeeping was dot-files beside the site: the next build reads them, writes
    /// no page again, saves its own in `.worldfacts/` and removes them; the build after it has nothing to do.
    @Test func theLastLayoutsBookkeepingIsMovedIntoItsFolder() throws {
        defer { removeTemporary(root) }
        let output = root + "/Output"
        let files = FileManager.default
        try files.moveItem(atPath: output + "/" + Manifest.fileName, toPath: output + "/" + Bookkeeping.legacyManifest)
        try files.moveItem(
            atPath: output + "/" + FolderStamps.fileName, toPath: output + "/" + Bookkeeping.legacyStamps)
        try files.removeItem(atPath: output + "/" + Bookkeeping.folder)
        let before = try contents(output)
        let moved = try Builder().build(options)
        #expect(moved.write.written.isEmpty, "no file of the site written again")
        #expect(moved.write.removed.isEmpty)
        for legacy in [Bookkeeping.legacyManifest, Bookkeeping.legacyStamps] {
            #expect(!files.fileExists(atPath: output + "/" + legacy), "\(legacy)")
        }
        #expect(files.fileExists(atPath: output + "/" + Manifest.fileName))
        #expect(try contents(output) == before.filter { !$0.key.hasPrefix(".worldfacts-") })
        let again = try Builder().build(options)
        #expect(again.write.written.isEmpty && again.steps.allSatisfy { $0.name != .renderAndWrite })
    }

    @Test func unchangedPagesAreNotRenderedAgain() throws {
        defer { removeTemporary(root) }
        // The shards, which carry their inputs (the manifest and the entry are compared by their bytes).
        let searchFiles = try manifest().files.keys.filter {
            $0.hasPrefix("search/") && !$0.hasPrefix("search/manifest/") && !$0.hasPrefix("search/entry.")
        }.count
        #expect(searchFiles >= 50)
        // A change that leaves every page's context as it was (a field no page shows) renders nothing,
        // and plans no search shard.
        try (try readText(root + "/Content/site.yml") + "\n# a comment\n").write(
            toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        let untouched = try Builder().build(options)
        #expect(untouched.write.written == [Manifest.fileName] || untouched.write.written.isEmpty)
        #expect(
            untouched.write.reused == 252 + 2 + searchFiles,
            "every record page, the index, the 404 page and every shard")
        #expect(untouched.steps.contains { $0.name == .renderAndWrite })

        let before = try manifest()
        try editRecords { records in
            let i = records.firstIndex { $0["code"] as? String == "NO" }!
            records[i]["name"] = "Norway (edited)"
        }
        let renamed = try Builder().build(options)
        // Norway's page, the index, its neighbours' pages (they show its title) and the pages before
        // and after it (they show its title in prev/next) are rendered again; nothing else is. Of the
        // shards, only the buckets (first letters) that hold Norway are planned again.
        let neighbours = ["countries/fi.html", "countries/ru.html", "countries/se.html"]
        let pagesWritten = renamed.write.written.filter { $0.hasSuffix(".html") }.count
        #expect(
            Set(renamed.write.written.filter { $0.hasSuffix(".html") }).isSuperset(
                of: ["countries/no.html", "index.html"] + neighbours))
        let after = try manifest()
        let replanned = after.inputs.filter { $0.key.hasPrefix("search/") && before.inputs[$0.key] != $0.value }.count
        #expect(replanned > 0 && replanned < searchFiles / 2)
        #expect(renamed.write.reused == 254 - pagesWritten + searchFiles - replanned)
        #expect(renamed.write.reused - (searchFiles - replanned) > 240)
        #expect(try readText(root + "/Output/countries/se.html").contains("Norway (edited)"))

        // A template edit renders every page again, and no shard.
        let templates = root + "/Templates"
        try FileManager.default.copyItem(atPath: repoPath("Templates"), toPath: templates)
        try (try readText(templates + "/record.mustache")).replacingOccurrences(of: "<h1>", with: "<h1 class=\"t\">")
            .write(toFile: templates + "/record.mustache", atomically: true, encoding: .utf8)
        var edited = options
        edited.templates = templates
        let restyled = try Builder().build(edited)
        #expect(restyled.write.reused == searchFiles)
        #expect(restyled.write.written.filter { $0.hasPrefix("countries/") }.count == 252)
    }

    /// Every file of a folder and its content hash (no times), manifest aside.
    @Test func shardsKeptByBucketAreTheShardsAFreshBuildMakes() throws {
        defer { removeTemporary(root) }
        // Small shards, so that a bucket (one first letter) holds many of them.
        let config = root + "/Content/site.yml"
        try (try readText(config)).replacingOccurrences(of: "shard_budget: 16384", with: "shard_budget: 1024")
            .write(toFile: config, atomically: true, encoding: .utf8)
        _ = try Builder().build(options)
        #expect(try manifest().files.keys.filter { $0.hasPrefix("search/name/p-") }.count > 5)
        try editRecords { records in
            records[records.firstIndex { $0["code"] as? String == "IS" }!]["population"] = 400_000
            records[records.firstIndex { $0["code"] as? String == "NO" }!]["name"] = "Norge"
            records.remove(at: records.firstIndex { $0["code"] as? String == "DE" }!)
        }
        let before = try manifest()
        let report = try Builder().build(options)
        let after = try manifest()
        let kept = after.inputs.filter { $0.key.hasPrefix("search/") && before.inputs[$0.key] == $0.value }
        #expect(kept.count > 0, "some buckets hold none of the edited records")
        // Scope and first byte of the prefix a shard's name spells: its bucket.
        let bucket = { (path: String) in
            path.split(separator: "/")[1] + "/" + path.split(separator: "/")[2].dropFirst(2).prefix(2)
        }
        let replanned = Set(
            after.inputs.filter { $0.key.hasPrefix("search/") && before.inputs[$0.key] != $0.value }.keys.map(bucket))
        #expect(
            kept.keys.contains { replanned.contains(bucket($0)) }, "a large bucket keeps the parts that no edit touched"
        )
        var fresh = options
        fresh.output = root + "/Fresh"
        _ = try Builder().build(fresh)
        #expect(
            try contents(root + "/Output") == contents(root + "/Fresh"),
            "the index page's search manifest and every shard")

        // A kept bucket with a file missing is planned and written again.
        let missing = try #require(kept.keys.sorted().first { !report.write.written.contains($0) })
        try FileManager.default.removeItem(atPath: root + "/Output/" + missing)
        let repaired = try Builder().build(options)
        #expect(repaired.write.written.contains(missing))
        #expect(try contents(root + "/Output") == contents(root + "/Fresh"))
    }

    @Test func anUnreadableManifestStopsTheBuildAndTouchesNothing() throws {
        defer { removeTemporary(root) }
        try "{ not a manifest".write(toFile: root + "/Output/" + Manifest.fileName, atomically: true, encoding: .utf8)
        try editRecords { records in records[0]["population"] = 1 }  // so the build does not stop early
        let before = snapshot(root + "/Output")
        do {
            _ = try Builder().build(options)
            Issue.record("the build went on with a manifest it cannot read")
        } catch {
            #expect(error.step == .renderAndWrite)
            #expect(error.description.contains("unreadable build manifest"))
        }
        #expect(snapshot(root + "/Output") == before)
    }

    @Test func aBuildOfTheSameSourcesStopsAfterComparingThem() throws {
        defer { removeTemporary(root) }
        let noop = try Builder().build(options)
        #expect(noop.write.written.isEmpty && noop.write.removed.isEmpty)
        #expect(
            noop.write.unchanged == (try FileSystem.disk.listFiles(root + "/Output")).count - 2,
            "every file but the manifest and the folders' stamps")
        #expect(noop.records == 252)
        #expect(noop.steps.map(\.name) == [.checkOutput, .checkSources, .compareLastBuild])

        // A file deleted by hand is not up to date: the next build puts it back, and only it.
        try FileManager.default.removeItem(atPath: root + "/Output/countries/fr.html")
        let restored = try Builder().build(options)
        #expect(restored.write.written == ["countries/fr.html"])

        // A note is a source too.
        try "A new note.\n".write(toFile: root + "/Content/notes/fr.md", atomically: true, encoding: .utf8)
        let noted = try Builder().build(options)
        #expect(noted.write.written.contains("countries/fr.html"))
    }

    @Test func aBuildThatStopsEarlyTellsTheLastBuildsWarningsAgain() throws {
        defer { removeTemporary(root) }
        try "A note for nobody.\n".write(toFile: root + "/Content/notes/zz.md", atomically: true, encoding: .utf8)
        let warned = try Builder().build(options)
        #expect(warned.steps.contains { $0.name == .loadContent })
        #expect(warned.warnings.map(\.description).contains { $0.contains("zz.md") && $0.contains("warning") })
        let again = try Builder().build(options)
        #expect(again.steps.map(\.name) == [.checkOutput, .checkSources, .compareLastBuild])
        #expect(again.warnings == warned.warnings, "the cause is still there, so is the warning")
        // Its cause gone, the warning goes, and stays gone when the build stops early.
        try FileManager.default.removeItem(atPath: root + "/Content/notes/zz.md")
        #expect(try Builder().build(options).warnings.isEmpty)
        let quiet = try Builder().build(options)
        #expect(quiet.steps.count == 3 && quiet.warnings.isEmpty)
    }

    @Test func anInterruptedBuildIsNeverTakenAsUpToDate() throws {
        defer { removeTemporary(root) }
        // A killed build leaves its journal: the sources may match the manifest's, the files may not.
        try FileSystem.disk.append(root + "/Output/" + OutputWriter.journalName, Array("countries/fr.html\n".utf8))
        try Array("half a page".utf8).withUnsafeBufferPointer {
            try Data(buffer: $0).write(to: URL(fileURLWithPath: root + "/Output/countries/fr.html"))
        }
        let repaired = try Builder().build(options)
        #expect(repaired.steps.contains { $0.name == .loadContent })
        #expect(repaired.write.written == ["countries/fr.html"])
        #expect(try readText(root + "/Output/countries/fr.html").contains("<!DOCTYPE html>"))
    }

    @Test func renamingAKeyMovesItsPageAndUpdatesEveryLink() throws {
        defer { removeTemporary(root) }
        let linking = try files(containing: "countries/fr.html", under: "countries")
        #expect(linking.count > 5)
        try editRecords { records in
            for i in records.indices {
                if records[i]["code"] as? String == "FR" { records[i]["code"] = "FX" }
                if let neighbours = records[i]["neighbours"] as? [String] {
                    records[i]["neighbours"] = neighbours.map { $0 == "FR" ? "FX" : $0 }
                }
            }
        }
        let report = try Builder().build(options)
        // The shards that held the old key are under new names now: their old names are gone.
        #expect(report.write.removed.filter { !$0.hasPrefix("search/") } == ["countries/fr.html"])
        #expect(!FileManager.default.fileExists(atPath: root + "/Output/countries/fr.html"))
        #expect(FileManager.default.fileExists(atPath: root + "/Output/countries/fx.html"))
        #expect(try files(containing: "fr.html", under: "countries").isEmpty)
        #expect(try files(containing: "countries/fx.html", under: "countries") == linking)
        #expect(Set(report.write.written).isSuperset(of: linking.subtracting(["countries/fr.html"])))
    }

    @Test func deletingARecordPrunesItsFilesButNeverAForeignFile() throws {
        defer { removeTemporary(root) }
        try "mine".write(toFile: root + "/Output/countries/CNAME.txt", atomically: true, encoding: .utf8)
        try "mine".write(toFile: root + "/Output/robots.txt", atomically: true, encoding: .utf8)
        #expect(try !files(containing: #""tv",["#, under: "search").isEmpty)
        try editRecords { records in records.removeAll { $0["code"] as? String == "TV" } }
        let report = try Builder().build(options)
        #expect(report.write.removed.contains("countries/tv.html"))
        #expect(!FileManager.default.fileExists(atPath: root + "/Output/countries/tv.html"))
        #expect(try files(containing: #""tv",["#, under: "search").isEmpty)

        var clean = options
        clean.clean = true
        _ = try Builder().build(clean)
        #expect(try readText(root + "/Output/countries/CNAME.txt") == "mine")
        #expect(try readText(root + "/Output/robots.txt") == "mine")
    }
}
