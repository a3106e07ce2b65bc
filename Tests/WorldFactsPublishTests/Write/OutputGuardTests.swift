import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

@Suite struct OutputGuardTests {
    @Test func refusesInputsRootAndForeignFolders() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let content = root + "/Content"
        writeContent(content, records: "[]")
        let guardian = OutputGuard()
        #expect(throws: StageFailure.self) { try guardian.check(output: content, inputs: [content], force: false) }
        #expect(throws: StageFailure.self) { try guardian.check(output: root, inputs: [content], force: true) }
        #expect(throws: StageFailure.self) { try guardian.check(output: "/", inputs: [content], force: true) }
        #expect(throws: StageFailure.self) {
            try guardian.check(output: content + "/notes/..", inputs: [content], force: false)
        }
        let foreign = root + "/foreign"
        writeContent(foreign, records: "[]")
        #expect(throws: StageFailure.self) { try guardian.check(output: foreign, inputs: [content], force: false) }
        try guardian.check(output: foreign, inputs: [content], force: true)
        try guardian.check(output: root + "/new", inputs: [content], force: false)
    }
}
