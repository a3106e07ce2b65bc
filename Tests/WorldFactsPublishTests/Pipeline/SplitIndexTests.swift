import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

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
                "sections/a.html", "sections/b.html", "sections/0.html", "index.html",
            ]))
        let index = try readText(root + "/Output/index.html")
        #expect(
            index.contains(
                #"<a href="sections/b.html#section-B"><span class="guide">Beta – Bravo</span> "#
                    + #"<span class="count">2 records</span></a>"#))
        #expect(!index.contains("things/a.html"), "the split index lists no rows")
        #expect(index.contains(#"id="search""#))
        let b = try readText(root + "/Output/sections/b.html")
        #expect(b.contains(#"<a href="../things/b.html"><span class="title">Beta</span>"#))
        #expect(b.contains(#"<a href="../index.html#top" class="to-top""#))
        #expect(
            b.contains(##"<a href="../sections/a.html#section-A">A</a>"##)
                && b.contains(##"<a href="#section-B">B</a>"##))
        // Search is on every page, its root one folder up.
        #expect(b.contains(#"id="search""#) && b.contains(#"data-root="../""#))
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

    /// A section over `index.section_size` records is cut into parts where the first two letters change,
    /// each a page with its guide words, and a record's page leads back to its part.
    @Test func largeSectionsAreCutIntoPartsWithGuideWords() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let yaml = testSiteYAML.replacingOccurrences(
            of: "detail_label: \"Pop:\" }", with: "detail_label: \"Pop:\", split_above: 3, section_size: 2 }")
        let names = ["Baa", "Bab", "Bea", "Beb", "Bec", "Bia", "Alpha"]
        writeContent(
            root + "/Content",
            records: "[" + names.map { #"{"id":"\#($0.lowercased())","name":"\#($0)"}"# }.joined(separator: ",") + "]",
            siteYAML: yaml)
        let report = try Builder().build(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        // Ba (2) | Be (3, one prefix over the size: a page of its own) | Bi (1)
        #expect(
            Set(report.write.written).isSuperset(of: [
                "sections/a.html", "sections/b-1.html", "sections/b-2.html", "sections/b-3.html",
            ]))
        let index = try readText(root + "/Output/index.html")
        #expect(index.contains(#"<span class="guide">Baa – Bab</span> <span class="count">2 records</span>"#))
        #expect(index.contains(#"<span class="guide">Bea – Bec</span> <span class="count">3 records</span>"#))
        #expect(index.contains(#"<a href="sections/b-3.html#section-B"><span class="guide">Bia</span>"#))
        #expect(try readText(root + "/Output/things/beb.html").contains(#"href="../sections/b-2.html#section-B""#))
        #expect(try readText(root + "/Output/sections/b-2.html").contains("<title>Bea – Bec — "))
    }
}
