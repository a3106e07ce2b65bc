import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The templates built into the binary: `Templates/` is their one source, a site needs no folder of its
/// own, and one it has overrides them file by file.
@Suite struct BuiltInThemeTests {
    /// Every file of `Templates/` (but hidden ones), by its path there.
    func repositoryTemplates() throws -> [String: [UInt8]] {
        let root = repoPath("Templates")
        var files: [String: [UInt8]] = [:]
        for relative in try FileSystem.disk.listFiles(root)
        where !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            files[relative] = try FileSystem.disk.read(root + "/" + relative)
        }
        return files
    }

    @Test func theBuiltInSetIsTheRepositorysTemplatesFolder() throws {
        let files = try repositoryTemplates()
        #expect(files.count > 10)
        #expect(BuiltInTheme.files == files)
    }

    @Test func anExportWritesTheSetAndNeverReplacesAFile() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let written = try BuiltInTheme.export(to: root + "/mine")
        #expect(written == BuiltInTheme.files.keys.sorted())
        for path in written { #expect(try FileSystem.disk.read(root + "/mine/" + path) == BuiltInTheme.files[path]) }
        // A second export, into a folder holding one of the files, writes nothing and names the file.
        let other = root + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try "mine".write(toFile: other + "/layout.mustache", atomically: true, encoding: .utf8)
        #expect(throws: StageFailure.self) { try BuiltInTheme.export(to: other) }
        do { _ = try BuiltInTheme.export(to: other) } catch {
            #expect("\(error)".contains("layout.mustache: error: already there"))
        }
        #expect(try FileSystem.disk.listFiles(other) == ["layout.mustache"])
        #expect(try readText(other + "/layout.mustache") == "mine")
    }

    @Test func withNoFolderTheThemeIsTheBuiltInSet() throws {
        let builtIn = try ThemeLoader(folder: nil).load()
        let fromFolder = try ThemeLoader(folder: repoPath("Templates")).load()
        #expect(builtIn.templates == fromFolder.templates && builtIn.assets == fromFolder.assets)
        #expect(builtIn.path(of: "record") == "built-in templates/record.mustache")
    }

    @Test func aFoldersFilesReplaceAndAddToTheBuiltInOnes() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        try FileManager.default.createDirectory(atPath: root + "/partials", withIntermediateDirectories: true)
        try "mine {{> partials/extra}}".write(toFile: root + "/record.mustache", atomically: true, encoding: .utf8)
        try "extra".write(toFile: root + "/partials/extra.mustache", atomically: true, encoding: .utf8)
        let theme = try ThemeLoader(folder: root).load()
        let builtIn = try ThemeLoader(folder: nil).load()
        #expect(theme.templates["record"] == "mine {{> partials/extra}}")
        #expect(theme.templates["partials/extra"] == "extra")
        #expect(theme.path(of: "record") == root + "/record.mustache")
        for (name, text) in builtIn.templates where name != "record" {
            #expect(theme.templates[name] == text, "\(name) is the built-in one")
            #expect(theme.path(of: name) == "built-in templates/\(name).mustache")
        }
        #expect(theme.assets == builtIn.assets)
    }

    @Test func aMissingFolderNamedOnTheCommandLineIsAnError() {
        #expect(throws: StageFailure.self) { try ThemeLoader(folder: "/nonexistent/templates").load() }
        do { _ = try ThemeLoader(folder: "/nonexistent/templates").load() } catch {
            #expect("\(error)".contains("leave out --templates to build with the built-in templates"))
        }
    }

    /// The content folder's `templates/` is the site's own when `--templates` names none.
    @Test func theContentFoldersTemplatesFolderIsFoundWhenThereIsOne() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let options = BuildOptions(content: root)
        #expect(options.templatesFolder(.disk) == nil)
        try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
        #expect(options.templatesFolder(.disk) == root + "/templates")
        #expect(BuildOptions(content: root, templates: "elsewhere").templatesFolder(.disk) == "elsewhere")
    }

    /// A binary with other built-in templates takes no earlier build as up to date.
    @Test func theSourcesDigestCoversTheBuiltInSet() {
        #expect(SourceDigest.version.hasSuffix("/" + BuiltInTheme.digest))
        #expect(BuiltInTheme.digest.count == 16)
    }
}

/// Builds with the built-in templates, from a content folder that has none of its own.
@Suite struct BuiltInTemplatesBuildTests {
    /// Every file of a built folder but the manifest and stamps, by path.
    func files(_ folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for relative in try FileSystem.disk.listFiles(folder) where !relative.hasPrefix(".worldfacts") {
            files[relative] = try FileSystem.disk.read(folder + "/" + relative)
        }
        return files
    }

    func copyFixture(to root: String) throws -> String {
        let content = root + "/Birds"
        try FileManager.default.copyItem(atPath: repoPath("Tests/Fixtures/countries"), toPath: content)
        return content
    }

    @Test func aSiteWithNoTemplatesIsBuiltAsWithTheRepositorysTemplates() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let content = try copyFixture(to: root)
        _ = try Builder().build(BuildOptions(content: content, output: root + "/BuiltIn", cache: nil))
        _ = try Builder().build(
            BuildOptions(content: content, templates: repoPath("Templates"), output: root + "/Folder", cache: nil))
        let (builtIn, folder) = (try files(root + "/BuiltIn"), try files(root + "/Folder"))
        #expect(builtIn.count > 100)
        #expect(builtIn == folder)
    }

    /// A content folder's `templates/record.mustache` changes the record pages and no other file.
    @Test func oneOverriddenTemplateChangesOnlyItsPages() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let content = try copyFixture(to: root)
        _ = try Builder().build(BuildOptions(content: content, output: root + "/BuiltIn", cache: nil))
        try FileManager.default.createDirectory(atPath: content + "/templates", withIntermediateDirectories: true)
        try "<!doctype html><title>{{record.title}}</title><h1>{{record.title}}</h1>\n".write(
            toFile: content + "/templates/record.mustache", atomically: true, encoding: .utf8)
        _ = try Builder().build(BuildOptions(content: content, output: root + "/Mine", cache: nil))
        let (builtIn, mine) = (try files(root + "/BuiltIn"), try files(root + "/Mine"))
        #expect(Set(builtIn.keys) == Set(mine.keys))
        let changed = builtIn.keys.filter { builtIn[$0] != mine[$0] }.sorted()
        let recordPages = builtIn.keys.filter { $0.hasPrefix("countries/") || $0.hasPrefix("records/") }
        #expect(!changed.isEmpty && Set(changed).isSubset(of: Set(recordPages)), "\(changed.prefix(5))")
        #expect(changed.count == recordPages.filter { $0.hasSuffix(".html") }.count)
        #expect(mine.values.contains { String(decoding: $0, as: UTF8.self).contains("<h1>Iceland</h1>") })
    }
}
