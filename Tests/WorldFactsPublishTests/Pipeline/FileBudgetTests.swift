import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// The file limit's message when one collection's record pages alone are more than the limit: it names
/// `only:`, the one setting that helps then, on a number field of that collection where it has one.
@Suite struct FileBudgetTests {
    /// Two collections of seeded sizes, the larger with a number field, the smaller without one.
    func project(large: Int, small: Int) throws -> String {
        let root = makeTemporaryFolder()
        try FileManager.default.createDirectory(atPath: root + "/Content", withIntermediateDirectories: true)
        let airports = (0..<large).map { #"{"code":"A\#($0)","name":"Airport \#($0)","runways":\#($0 % 4 + 1)}"# }
        let countries = (0..<small).map { #"{"code":"C\#($0)","name":"Country \#($0)","region":"R"}"# }
        try ("[" + airports.joined(separator: ",") + "]")
            .write(toFile: root + "/Content/airports.json", atomically: true, encoding: .utf8)
        try ("[" + countries.joined(separator: ",") + "]")
            .write(toFile: root + "/Content/countries.json", atomically: true, encoding: .utf8)
        try """
        title: Airports
        collections:
          - { id: airports, label: Airports, file: airports.json, key: code, title: name,
              fields: [{ id: runways, label: Runways, format: integer }] }
          - { id: countries, label: Countries, file: countries.json, key: code, title: name,
              fields: [{ id: region, label: Region }] }

        """.write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        return root
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func recordPagesAloneOverTheLimitNameOnly(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let small = Int.random(in: 3...20, using: &random)
        let large = small + Int.random(in: 5...60, using: &random)
        let root = try project(large: large, small: small)
        defer { removeTemporary(root) }
        // Between the two collections' record pages: the airports' alone are more, the countries' are not.
        let limit = Int.random(in: small..<large, using: &random)
        do {
            _ = try Builder().build(
                BuildOptions(content: root + "/Content", output: root + "/Output", maxFiles: limit))
            Issue.record("a build of more than \(limit) files passed")
        } catch {
            let message = "\(error)"
            #expect(
                message.contains(
                    "The airports record pages alone are more than the limit: publish some of them, those whose"
                        + " number lies within bounds, with collections[airports].only: { field: runways, min: … }"),
                "\(message)")
            #expect(!message.contains("The countries record pages alone"), "\(message)")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/Output/index.html"))
        // Under a limit both exceed, the collection with no number field is told to name one.
        do {
            _ = try Builder().build(
                BuildOptions(content: root + "/Content", output: root + "/Output", maxFiles: small - 1))
            Issue.record("a build of more than \(small - 1) files passed")
        } catch {
            #expect("\(error)".contains("collections[countries].only: { field: <a number field>, min: … }"))
        }
    }
}
