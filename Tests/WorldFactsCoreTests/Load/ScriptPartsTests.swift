import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The search script is written in parts (`assets/search/*.js`) and loaded as the one asset `search.js`.
@Suite struct ScriptPartsTests {
    func theme(_ files: [String: String]) throws -> (root: String, result: Result<Theme, StageFailure>) {
        let root = makeTemporaryFolder()
        for (name, text) in files {
            let path = root + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return (root, Result { () throws(StageFailure) in try ThemeLoader(folder: root).load() })
    }

    @Test func partsAreJoinedInNameOrderEachEndingItsLine() {
        let joined = ScriptParts.joined([
            ("20-b.js", Array("two\n".utf8)), ("10-a.js", Array("one".utf8)), ("30-c.js", Array("three\n".utf8)),
            ("30-c.js~", Array("backup\n".utf8)), ("old/05-x.js", Array("nested\n".utf8)),
        ])
        #expect(joined == Array("one\ntwo\nthree\n".utf8))
    }

    /// A folder's parts go in among the built-in ones by name, and replace those of the same name.
    @Test func aFoldersPartsGoInAmongTheBuiltInOnes() throws {
        let builtIn = BuiltInTheme.files.filter { $0.key.hasPrefix(ScriptParts.folder) }
        let replaced = try #require(builtIn.keys.sorted().dropFirst().first)
        let (root, result) = try theme([
            "assets/search/15-extra.js": "extra\n", replaced: "replaced\n", "assets/style.css": "css",
        ])
        defer { removeTemporary(root) }
        let assets = try result.get().assets
        var parts = builtIn.map { (String($0.key.dropFirst(ScriptParts.folder.count)), $0.value) }
        parts.removeAll { ScriptParts.folder + $0.0 == replaced }
        parts += [
            ("15-extra.js", Array("extra\n".utf8)),
            (String(replaced.dropFirst(ScriptParts.folder.count)), Array("replaced\n".utf8)),
        ]
        #expect(assets["search.js"] == ScriptParts.joined(parts))
        #expect(assets["style.css"] == Array("css".utf8))
        #expect(!assets.keys.contains { $0.hasPrefix("search/") }, "no part is an asset of its own")
    }

    @Test func aScriptGivenWholeAndInPartsIsAnError() throws {
        let (root, result) = try theme([
            "layout.mustache": "x", "assets/search.js": "whole\n", "assets/search/10-a.js": "part\n",
        ])
        defer { removeTemporary(root) }
        #expect(throws: StageFailure.self) { try result.get() }
        if case .failure(let failure) = result {
            #expect("\(failure)".contains("assets/search.js: error: the search script is given twice"))
        }
    }

    /// A script given whole replaces the built-in parts.
    @Test func aWholeScriptStillLoadsAsItIs() throws {
        let (root, result) = try theme(["layout.mustache": "x", "assets/search.js": "whole"])
        defer { removeTemporary(root) }
        #expect(try result.get().assets["search.js"] == Array("whole".utf8))
    }

    /// The shipped script: its parts open and close one closure, and are the jobs docs/search.md names.
    @Test func theShippedScriptIsItsParts() throws {
        let parts = try FileManager.default.contentsOfDirectory(atPath: repoPath("Templates/assets/search"))
            .filter { $0.hasSuffix(".js") }.sorted()
        #expect(parts.count >= 10)
        let docs = try readText(repoPath("docs/search.md"))
        for part in parts { #expect(docs.contains("`\(part)`"), "docs/search.md names \(part)") }
        let script = try #require(try ThemeLoader(folder: repoPath("Templates")).load().assets["search.js"])
        let text = String(decoding: script, as: UTF8.self)
        #expect(text.contains("(function (G) {") && text.hasSuffix("})(globalThis);\n"))
    }
}
