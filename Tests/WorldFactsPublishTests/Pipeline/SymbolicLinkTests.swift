import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// Nothing from outside the content and templates folders reaches Output: a symbolic link that leads out
/// is refused (or, with --follow-symlinks, followed with a warning); links that stay inside are followed.
@Suite struct SymbolicLinkTests {
    /// A content folder with one record, `FR`, a templates folder, and a secret file beside them.
    struct Project {
        let root = makeTemporaryFolder("links")
        var content: String { root + "/Content" }
        var templates: String { root + "/Templates" }
        var output: String { root + "/Output" }
        var secret: String { root + "/secret.txt" }

        init() throws {
            writeContent(content, records: #"[{"id": "FR", "name": "France"}]"#, siteYAML: minimalSiteYAML)
            try FileManager.default.copyItem(atPath: repoPath("Templates"), toPath: templates)
            try "The password is swordfish.".write(toFile: secret, atomically: true, encoding: .utf8)
        }

        func link(_ path: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
        }

        func build(follow: Bool = false) throws(BuildFailure) -> BuildReport {
            try Builder().build(
                BuildOptions(content: content, templates: templates, output: output, followSymlinks: follow))
        }

        func failure(follow: Bool = false) -> BuildFailure? {
            do {
                _ = try build(follow: follow)
                return nil
            } catch {
                return error
            }
        }

        func page() throws -> String { try readText(output + "/things/fr.html") }
    }

    @Test func aNoteLinkedFromOutsideIsRefusedAndNothingIsWritten() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        try project.link(project.content + "/notes/FR.md", to: project.secret)
        let failure = try #require(project.failure())
        #expect(failure.step == .checkSources)
        #expect(
            failure.diagnostics.map(\.description) == [
                "\(project.content)/notes/FR.md: error: symbolic link leads outside the content folder, to "
                    + "\(realPath(project.secret)); "
                    + "refusing to publish a file from outside it (--follow-symlinks allows it)"
            ])
        #expect(!FileManager.default.fileExists(atPath: project.output), "nothing is written")
    }

    @Test func followingOutsideLinksWarnsForEachAndRemembersTheWarning() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        try project.link(project.content + "/notes/FR.md", to: project.secret)
        let report = try project.build(follow: true)
        #expect(
            report.warnings.map(\.description).contains {
                $0.contains("notes/FR.md: warning: symbolic link leads outside")
            })
        #expect(try project.page().contains("swordfish"))
        // Built again with the same sources, the build stops early and tells the warning again.
        let again = try project.build(follow: true)
        #expect(again.write.written.isEmpty && again.warnings.contains { $0.description.contains("notes/FR.md") })
        // Without the flag, the same sources are refused, even though the last build took them.
        #expect(project.failure()?.step == .checkSources)
    }

    @Test func linksThatStayInsideAreFollowed() throws {
        let project = try Project()
        defer { removeTemporary(project.root) }
        try FileManager.default.createDirectory(atPath: project.content + "/drafts", withIntermediateDirectories: true)
        try "Bonjour from a draft.".write(toFile: project.content + "/drafts/fr.md", atomically: true, encoding: .utf8)
        try project.link(project.content + "/notes/FR.md", to: "../drafts/fr.md")
        let report = try project.build()
        #expect(report.warnings.isEmpty)
        #expect(try project.page().contains("Bonjour from a draft."))
    }

    @Test func linkedFoldersTemplatesAndDanglingLinksThatLeadOutAreRefused() throws {
        let outside = try Project()
        defer { removeTemporary(outside.root) }
        // A notes folder that is a link to a folder outside.
        let notesProject = try Project()
        defer { removeTemporary(notesProject.root) }
        try FileManager.default.removeItem(atPath: notesProject.content + "/notes")
        try notesProject.link(notesProject.content + "/notes", to: outside.root)
        #expect(
            notesProject.failure()?.diagnostics.first?.description.contains(
                "/notes: error: symbolic link leads outside the content folder") == true)
        // A template from outside.
        let templateProject = try Project()
        defer { removeTemporary(templateProject.root) }
        try FileManager.default.removeItem(atPath: templateProject.templates + "/record.mustache")
        try templateProject.link(templateProject.templates + "/record.mustache", to: outside.secret)
        #expect(
            templateProject.failure()?.diagnostics.first?.description.contains("outside the templates folder") == true)
        // A link that leads nowhere, but out.
        let danglingProject = try Project()
        defer { removeTemporary(danglingProject.root) }
        try danglingProject.link(danglingProject.content + "/notes/DE.md", to: "../../../nowhere.md")
        #expect(danglingProject.failure()?.step == .checkSources)
    }

    func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
