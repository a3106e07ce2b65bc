import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct UnsafeKeyTests {
    func build(_ records: String, siteYAML: String = testSiteYAML, output: String? = nil) throws -> (
        String, Result<BuildReport, BuildFailure>
    ) {
        let root = makeTemporaryFolder()
        writeContent(root + "/Content", records: records, siteYAML: siteYAML)
        let options = BuildOptions(
            content: root + "/Content", templates: repoPath("Templates"), output: output ?? root + "/Output")
        do { return (root, .success(try Builder().build(options))) } catch { return (root, .failure(error)) }
    }

    @Test func hostileKeysBecomeSafeUniqueFileNamesInsideOutput() throws {
        let long = String(repeating: "k", count: 300)
        let (root, result) = try build(
            #"[{"id":"../x","name":"A"},{"id":"a/b","name":"B"},{"id":"CON","name":"C"},{"id":"x\u0001y","name":"D"},"#
                + #"{"id":"\#(long)","name":"E"}]"#
        )
        defer { removeTemporary(root) }
        let report = try result.get()
        let pages = report.write.written.filter { $0.hasPrefix("things/") }.sorted()
        #expect(
            pages == [
                "things/a-b.html", "things/con_.html", "things/\(String(repeating: "k", count: 80)).html",
                "things/x-y.html", "things/x.html",
            ])
        let everything = try FileSystem.disk.listFiles(root)
        #expect(everything.allSatisfy { $0.hasPrefix("Content/") || $0.hasPrefix("Output/") })
    }

    @Test(arguments: [
        (#"[{"id":".","name":"Dot"}]"#, "key gives no usable file name"),
        (#"[{"id":"","name":"Empty"}]"#, "expected a non-empty text"),
        (#"[{"id":"ab","name":"One"},{"id":"AB","name":"Two"}]"#, "as does record 'ab'"),
    ])
    func unusableOrCollidingKeysAreErrors(records: String, message: String) throws {
        let (root, result) = try build(records)
        defer { removeTemporary(root) }
        guard case .failure(let failure) = result else { Issue.record("the build succeeded"); return }
        #expect("\(failure)".contains(message), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: root + "/Output"))
    }

    @Test func aNoteOverTheSizeLimitIsAnError() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        writeContent(
            root + "/Content", records: #"[{"id":"a","name":"A"}]"#,
            siteYAML: testSiteYAML + "\nnotes: { size_limit: 100 }\n",
            notes: ["a": String(repeating: "x", count: 101)])
        #expect {
            _ = try Builder().build(
                BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        } throws: { "\($0)".contains("notes/a.md: error: note is 101 bytes; the limit is 100") }
    }

    @Test func outputAtTheContentFolderIsRefusedAndNothingIsWritten() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        writeContent(root + "/Content", records: #"[{"id":"a","name":"A"}]"#)
        let before = snapshot(root)
        for output in [root + "/Content", root, "/"] {
            #expect(throws: BuildFailure.self) {
                _ = try Builder().build(
                    BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: output))
            }
        }
        #expect(snapshot(root) == before)
    }
}
