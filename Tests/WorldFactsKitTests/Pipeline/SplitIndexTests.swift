import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport

/// Above `index.split_above` the index is one page per section, and every link between them resolves.
@Suite struct SplitIndexTests {
    @Test func sectionPagesReplaceTheSingleIndex() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let yaml = testSiteYAML.replacingOccurrences(
            of: "detail_label: \"Pop:\" }", with: "detail_label: \"Pop:\", split_above: 3 }")
        writeContent(
            root + "/Content",
            records:
                #"[{"id":"a","name":"Alpha"},{"id":"b","name":"Beta"},{"id":"b2","name":"Bravo"},{"id":"n","name":"9 "#
                + #"Nine"}]"#,
            siteYAML: yaml)
        let report = try Builder().build(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        #expect(
            Set(report.write.written).isSuperset(of: [
                "sections/a.html", "sections/b.html", "sections/other.html", "index.html",
            ]))
        let index = try readText(root + "/Output/index.html")
        #expect(index.contains(#"<a href="sections/b.html#section-B">2 records</a>"#))
        #expect(!index.contains("things/a.html"), "the split index lists no rows")
        #expect(index.contains(#"id="search""#))
        let b = try readText(root + "/Output/sections/b.html")
        #expect(b.contains(#"<a href="../things/b.html"><span class="title">Beta</span>"#))
        #expect(b.contains(#"<a href="../index.html#top" class="to-top""#))
        #expect(
            b.contains(##"<a href="../sections/a.html#section-A">A</a>"##)
                && b.contains(##"<a href="#section-B">B</a>"##))
        #expect(!b.contains(#"id="search""#))
        #expect(try readText(root + "/Output/things/b2.html").contains(#"href="../sections/b.html#section-B""#))
        // Every relative link of every page points at a file that exists.
        for page in try FileSystem.disk.listFiles(root + "/Output") where page.hasSuffix(".html") {
            let folder = URL(fileURLWithPath: root + "/Output/" + page).deletingLastPathComponent()
            for match in try readText(root + "/Output/" + page).matches(of: /href="([^"#:]+)(#[^"]*)?"/) {
                let target = folder.appendingPathComponent(String(match.output.1)).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: target), "\(page) → \(match.output.1)")
            }
        }
    }
}
