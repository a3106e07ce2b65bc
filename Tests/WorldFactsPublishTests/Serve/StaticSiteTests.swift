import Foundation
import Testing

@testable import WorldFactsServe
@testable import WorldFactsTestSupport

@Suite struct StaticSiteTests {
    @Test func servesOnlyFilesInsideTheOutputFolder() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let output = root + "/out"
        try FileManager.default.createDirectory(atPath: output + "/countries", withIntermediateDirectories: true)
        try "i".write(toFile: output + "/index.html", atomically: true, encoding: .utf8)
        try "c".write(toFile: output + "/countries/is.html", atomically: true, encoding: .utf8)
        try "secret".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: output + "/leak.txt", withDestinationPath: root + "/secret.txt")
        let site = StaticSite(root: output)
        #expect(site.lookup("/") == .file(site.root + "/index.html"))
        #expect(site.lookup("/countries/is.html?x=1") == .file(site.root + "/countries/is.html"))
        #expect(site.lookup("/countries/zz.html") == .notFound)
        for hostile in [
            "/../secret.txt", "/countries/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
            "/..%5csecret.txt", "/leak.txt", "/.worldfacts-manifest.json", "/.worldfacts/manifest.json", "/a%00b",
        ] {
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
