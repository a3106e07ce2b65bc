import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// A failure names the step it stopped in, by the name `--stats` gives that step.
@Suite struct FailureStepTests {
    func failure(
        content: (String) throws -> Void = { _ in }, templates: (String) throws -> Void = { _ in },
        output: String = "Output"
    ) throws -> BuildFailure? {
        let root = makeTemporaryFolder("steps")
        defer { removeTemporary(root) }
        try FileManager.default.copyItem(atPath: repoPath("Tests/Fixtures/countries"), toPath: root + "/Content")
        try FileManager.default.copyItem(atPath: repoPath("Templates"), toPath: root + "/Templates")
        try content(root + "/Content")
        try templates(root + "/Templates")
        do {
            _ = try Builder().build(
                BuildOptions(
                    content: root + "/Content", templates: root + "/Templates",
                    output: output.hasPrefix("/") ? output : root + "/" + output))
            return nil
        } catch {
            return error
        }
    }

    @Test func eachFailureIsStampedWithItsStep() throws {
        let badRecords = try failure(content: {
            try "[{".write(toFile: $0 + "/countries.json", atomically: true, encoding: .utf8)
        })
        #expect(badRecords?.step == .loadContent)
        let badTemplate = try failure(templates: {
            try "{{#x}}".write(toFile: $0 + "/index.mustache", atomically: true, encoding: .utf8)
        })
        #expect(badTemplate?.step == .compileTemplates)
        #expect(badTemplate?.diagnostics.first?.description.contains("index.mustache") == true)
        let noTemplates = try failure(templates: { try FileManager.default.removeItem(atPath: $0) })
        #expect(noTemplates?.step == .loadTemplates)
        let sameSlug = try failure(content: { folder in
            let path = folder + "/countries.json"
            var records = try String(contentsOfFile: path, encoding: .utf8)
            records = records.replacingOccurrences(of: "\"code\": \"FR\"", with: "\"code\": \"f-r\"")
                .replacingOccurrences(of: "\"code\": \"DE\"", with: "\"code\": \"F R\"")
            try records.write(toFile: path, atomically: true, encoding: .utf8)
        })
        #expect(sameSlug?.step == .model)
        let intoContent = try failure(output: "Content")
        #expect(intoContent?.step == .checkOutput)
    }

    /// Every name a failure can carry is a step `--stats` prints, or a part of one that progress shows.
    @Test func stepsAndProgressShareOneVocabulary() {
        let steps: [StepName] = [
            .checkOutput, .checkSources, .compareLastBuild, .readSnapshot, .saveSnapshot, .loadContent, .loadTemplates,
            .compileTemplates, .model, .renderAndWrite,
        ]
        let parts: [StepName] = [.render, .searchIndex, .write]
        #expect(Set(steps + parts) == Set(StepName.allCases))
        #expect(Set(StepName.allCases.map(\.rawValue)).count == StepName.allCases.count)
    }
}
