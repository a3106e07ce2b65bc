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
@testable import WorldFactsServe

@Suite struct WatchTests {
    @Test func snapshotsSeeAddedChangedAndRemovedFiles() throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        try "a".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        try "b".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        let before = SourceSnapshot.take([folder])
        try "bb".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder + "/a.txt")
        try "c".write(toFile: folder + "/c.txt", atomically: true, encoding: .utf8)
        try "x".write(toFile: folder + "/.hidden.swp", atomically: true, encoding: .utf8)
        #expect(SourceSnapshot.take([folder]).changes(since: before) == [folder + "/a.txt", folder + "/b.txt", folder + "/c.txt"])
    }

    /// One callback for a burst, naming every file. Not timed: the wait for the callback is long, so a
    /// busy machine cannot fail it; it only fails when no callback comes, or more than one.
    @Test func aBurstOfChangesGivesOneCallback() async throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        let calls = Mutex<[[String]]>([])
        let watcher = Watcher(folders: [folder])
        let task = Task { await watcher.run { changed in calls.withLock { $0.append(changed) } } }
        try await Task.sleep(for: .milliseconds(250))
        let start = ContinuousClock.now
        for n in 0..<5 { try "\(n)".write(toFile: folder + "/f\(n).txt", atomically: true, encoding: .utf8) }
        while calls.withLock({ $0.isEmpty }) && ContinuousClock.now - start < .seconds(30) {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(600))
        task.cancel()
        let seen = calls.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.count == 5)
    }
}

@Suite struct StaticSiteTests {
    @Test func servesOnlyFilesInsideTheOutputFolder() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let output = root + "/out"
        try FileManager.default.createDirectory(atPath: output + "/countries", withIntermediateDirectories: true)
        try "i".write(toFile: output + "/index.html", atomically: true, encoding: .utf8)
        try "c".write(toFile: output + "/countries/is.html", atomically: true, encoding: .utf8)
        try "secret".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: output + "/leak.txt", withDestinationPath: root + "/secret.txt")
        let site = StaticSite(root: output)
        #expect(site.lookup("/") == .file(site.root + "/index.html"))
        #expect(site.lookup("/countries/is.html?x=1") == .file(site.root + "/countries/is.html"))
        #expect(site.lookup("/countries/zz.html") == .notFound)
        for hostile in ["/../secret.txt", "/countries/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
                        "/..%5csecret.txt", "/leak.txt", "/.worldfacts-manifest.json", "/a%00b"] {
            #expect(site.lookup(hostile) == .forbidden, "\(hostile)")
        }
    }

    @Test func contentTypesAndReloadSnippet() {
        #expect(StaticSite.contentType(of: "a/b.html") == "text/html; charset=utf-8")
        #expect(StaticSite.contentType(of: "s.css") == "text/css; charset=utf-8")
        #expect(StaticSite.contentType(of: "s.js") == "text/javascript; charset=utf-8")
        #expect(StaticSite.contentType(of: "x.json") == "application/json")
        let page = ReloadSnippet.inject(into: "<html><head></head><body>x</body></html>", base: true)
        #expect(page.contains("<head>\n<base href=\"/\">"))
        #expect(page.contains("EventSource(\"/__worldfacts/events\")"))
        #expect(page.hasSuffix("</script>\n</body></html>"))
    }
}
