import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

@Suite struct PreviousShardsTests {
    /// The shards of one unit share its fingerprint. A build killed after saving its manifest, before
    /// removing its journal, leaves some of them journalled: their contents are unknown. The unit must not
    /// be kept as the files that are left, which would drop the journalled ones from the index.
    @Test func aUnitWithAJournalledShardIsNotKept() throws {
        let disk = MemoryDisk()
        let shards = [
            "search/city/p-64.0123456789.js", "search/city/l-6461.0123456789.js",
            "search/city/l-6465.0123456789.js",
        ]
        let first = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        for path in shards { try first.write(OutputFile(path: path, text: path, inputs: "unit-d")) }
        _ = try first.finish()

        func kept() throws -> [String]? {
            let writer = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
            let previous = try #require(PriorShards.all(previous: writer.reuse, scopes: ["city"])["city"])
            return previous.reusable(inputs: OutputFile.inputsNumber("unit-d"))?.files.compactMap { file -> String? in
                if case .kept(let kept) = file { return kept.path }
                return nil
            }.sorted()
        }
        #expect(try kept() == shards.sorted(), "a whole unit is kept")

        disk.files.withLock {
            $0["out/" + OutputWriter.journalName, default: []] += Array("search/city/p-64.0123456789.js\n".utf8)
        }
        #expect(try kept() == nil, "a unit with a file of unknown contents is planned again")
        let previous = try #require(
            PriorShards.all(
                previous: try OutputWriter(folder: "out", fileSystem: disk.fileSystem).reuse,
                scopes: ["city"])["city"])
        #expect(previous.bucket("d", nodeInputs: OutputFile.inputsNumber("unit-d")) == nil)
        #expect(previous.under(["d"]) == nil)
    }
}
