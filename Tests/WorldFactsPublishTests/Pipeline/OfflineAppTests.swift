import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPack
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The installable site (`offline:`): site.yml's key, the shell kept within its bound, and whole builds
/// that write the manifest, the worker and the list of files to save, or none of them. The worker itself
/// runs in Chromium (Tests/site/test_offline.py).
@Suite struct OfflineAppTests {
    static let siteYAML = testSiteYAML + "\n"

    @Test func offlineIsTrueOrAMappingOfItsKeys() {
        let on = SiteConfigLoader(file: "site.yml").read(text: Self.siteYAML + "offline: true\n")
        #expect(on.config?.offline == OfflineSpec())
        #expect(on.config?.offline?.shellBytes == 2 * 1_024 * 1_024)
        let off = SiteConfigLoader(file: "site.yml").read(text: Self.siteYAML + "offline: false\n")
        #expect(off.config != nil && off.config?.offline == nil)
        let set = SiteConfigLoader(file: "site.yml").read(
            text: Self.siteYAML + "offline: { shell_kb: 64, save_kb: 0 }\n")
        #expect(set.config?.offline == OfflineSpec(shellBytes: 64 * 1_024, saveBytes: 0))
    }

    @Test func aWrongOfflineValueOrKeyIsAnErrorAtItsLine() {
        let line = Self.siteYAML.split(separator: "\n", omittingEmptySubsequences: false).count
        let wrong = SiteConfigLoader(file: "site.yml").read(text: Self.siteYAML + "offline: yes please\n")
        #expect(wrong.config == nil)
        #expect(wrong.diagnostics.contains { $0.field == "offline" && $0.location.line == line })
        let typo = SiteConfigLoader(file: "site.yml").read(text: Self.siteYAML + "offline: { shel_kb: 64 }\n")
        #expect(typo.diagnostics.contains { $0.message.contains("did you mean 'shell_kb'?") })
        let negative = SiteConfigLoader(file: "site.yml").read(text: Self.siteYAML + "offline: { save_kb: -1 }\n")
        #expect(negative.diagnostics.contains { $0.field == "offline.save_kb" })
    }

    /// Against a model of its own: the shell keeps candidates in order, within the bound, and leaves out
    /// exactly those that would not fit in what was left at their turn.
    @Test func theShellKeepsWhatFitsInOrderWithinItsBound() {
        var random = SplitMix(state: 0x0ff1_1e)
        for _ in 0..<300 {
            let members = (0..<Int.random(in: 0...30, using: &random)).map {
                OfflineApp.Member(path: "p\($0)", hash: UInt64($0), size: Int.random(in: 0...5_000, using: &random))
            }
            let limit = Int.random(in: 0...40_000, using: &random)
            let kept = OfflineApp.fitting(members, limit: limit)
            #expect(kept.reduce(0) { $0 + $1.size } <= limit)
            var left = limit
            var expected: [OfflineApp.Member] = []
            for member in members where member.size <= left {
                expected.append(member)
                left -= member.size
            }
            #expect(kept == expected)
        }
    }

    static func build(_ root: String, _ yaml: String, population: Int = 100) throws {
        writeContent(
            root + "/Content",
            records: #"[{"id":"a","name":"Alpha","population":\#(population)},"#
                + #"{"id":"b","name":"Beta","population":2}]"#, siteYAML: yaml)
        _ = try Builder().build(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
    }

    /// The OFFLINE value sw.js opens with.
    static func offline(_ root: String) throws -> [String: Any] {
        let text = try readText(root + "/Output/sw.js")
        let start = text.index(text.startIndex, offsetBy: "const OFFLINE = ".count)
        let end = text.range(of: "};\n")!.lowerBound
        let json = String(text[start...end])
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    }

    @Test func anInstallableSiteWritesItsWorkerManifestAndListAndPagesNameThem() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        try Self.build(root, Self.siteYAML + "offline: true\n")
        let offline = try Self.offline(root)
        let shell = (offline["shell"] as! [[String]]).map { $0[0] }
        #expect(shell.contains("index.html") && shell.contains("404.html") && shell.contains("search/entry.js"))
        for path in shell { #expect(FileManager.default.fileExists(atPath: root + "/Output/" + path), "\(path)") }
        let listed =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: root + "/Output/offline-files.json"))) as! [[String]]
        let paths = Set(listed.map { $0[0] })
        #expect(paths.contains("things/a.html") && paths.contains("index.html"))
        #expect(!paths.contains { $0.hasPrefix(".") || $0 == "_headers" || $0 == "sw.js" })
        let page = try readText(root + "/Output/things/a.html")
        #expect(page.contains(#"<link rel="manifest" href="../manifest.webmanifest">"#))
        #expect(page.contains(#"<script src="../assets/offline."#))
        #expect(page.contains(#"class="offline-save" hidden"#))
        let manifest = try readText(root + "/Output/manifest.webmanifest")
        #expect(manifest.contains(#""name": "Test Site""#) && manifest.contains(#""start_url": "./""#))
        #expect(!FileManager.default.fileExists(atPath: root + "/Output/assets/offline-worker.js"))
    }

    @Test func theWorkerChangesOnlyWithItsShellAndAHeavySiteOffersNoSave() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let yaml = Self.siteYAML + "offline: { save_kb: 1 }\n"
        try Self.build(root, yaml)
        let first = try readText(root + "/Output/sw.js")
        #expect(try Self.offline(root)["save"] is NSNull, "a site over save_kb offers no save")
        #expect(!FileManager.default.fileExists(atPath: root + "/Output/offline-files.json"))
        // A clean build of the same data writes the same worker: browsers install nothing new.
        _ = try Builder().build(
            BuildOptions(
                content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output", clean: true))
        #expect(try readText(root + "/Output/sw.js") == first)
        // A changed record reaches the index page, a shell file: a new worker.
        try Self.build(root, yaml, population: 12_345)
        #expect(try readText(root + "/Output/sw.js") != first)
    }

    @Test func theIconIsASquarePNGOfAtLeast144PixelsPublishedAndNamedByTheManifest() throws {
        for (width, height, problem) in [
            (192, 192, nil), (512, 512, nil), (143, 143, "at least 144×144"), (192, 191, "192×191"),
            (0, 0, "not one"),
        ] as [(Int, Int, String?)] {
            let root = makeTemporaryFolder()
            defer { removeTemporary(root) }
            writeContent(
                root + "/Content", records: #"[{"id":"a","name":"Alpha"}]"#,
                siteYAML: Self.siteYAML + "offline: { icon: app.png }\n")
            let bytes = width == 0 ? Array("GIF89a".utf8) : ZimPackTests.png(width, height)
            try Data(bytes).write(to: URL(fileURLWithPath: root + "/Content/app.png"))
            let options = BuildOptions(
                content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output")
            guard let problem else {
                _ = try Builder().build(options)
                let manifest = try readText(root + "/Output/manifest.webmanifest")
                #expect(manifest.contains(#""src": "icon-\#(width).png", "sizes": "\#(width)x\#(width)""#))
                #expect(FileManager.default.contents(atPath: root + "/Output/icon-\(width).png") == Data(bytes))
                continue
            }
            #expect {
                _ = try Builder().build(options)
            } throws: { error in
                let failure = error as? BuildFailure
                return failure?.diagnostics.contains { $0.field == "offline.icon" && $0.message.contains(problem) }
                    ?? false
            }
            #expect(!FileManager.default.fileExists(atPath: root + "/Output/index.html"), "nothing written")
        }
    }

    /// The file limit counts the installable site's files, and no worker script under `assets/`: a limit
    /// of exactly the files written passes, one fewer fails before writing.
    @Test func theFileLimitCountsTheInstallableSitesFiles() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        try Self.build(root, Self.siteYAML + "offline: true\n")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/Output").filter {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/Output/" + $0, isDirectory: &isFolder)
            return !isFolder.boolValue && !$0.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        #expect(files.contains("offline-files.json") && files.contains("sw.js"))
        func rebuild(limit: Int) throws {
            _ = try Builder().build(
                BuildOptions(
                    content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output",
                    clean: true, maxFiles: limit))
        }
        try rebuild(limit: files.count)
        #expect(throws: (any Error).self) { try rebuild(limit: files.count - 1) }
    }

    @Test func aSiteThatIsNotInstallableHasNoneOfIt() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        try Self.build(root, Self.siteYAML)
        for path in ["sw.js", "manifest.webmanifest", "offline-files.json"] {
            #expect(!FileManager.default.fileExists(atPath: root + "/Output/" + path))
        }
        let assets = try FileManager.default.contentsOfDirectory(atPath: root + "/Output/assets")
        #expect(!assets.contains { $0.hasPrefix("offline") })
        #expect(!(try readText(root + "/Output/index.html")).contains("offline"))
    }
}
