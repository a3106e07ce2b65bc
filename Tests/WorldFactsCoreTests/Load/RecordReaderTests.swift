import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsTestSupport

/// The direct reader must give the record the tree parser and validation give, or leave the element to
/// them: every shape below is also read both ways in `ParallelRecordsTests`, inside a large file.
@Suite struct RecordReaderTests {
    /// Plain records, which the reader reads itself.
    static let plain = [
        #"{"id": "KEY", "name": "Plain", "population": 12, "area": 1.5, "tags": ["a", "b"], "next_to": []}"#,
        #"{"id": "KEY", "name": "Ünïcødé 日本", "capital": "Zürich", "population": 0, "area": 0}"#,
        #"{"name": "Key last", "id": "KEY", "population": null, "area": -0.0e0}"#,
        #"{"id": "KEY",\#n  "name": "Lines and tabs" ,\#r\#n\#t"area" : 1E+2 , "population": 99}"#,
        #"{"id": "KEY", "name": "Big", "population": 123456789012345678, "area": 2.5e-3}"#,
        #"{"id": "KEY", "name": "Empty capital", "capital": "", "tags": []}"#,
        #"{"id": "KEY", "name": "Whole float", "population": 3.0, "area": 7}"#,
        #"{"id": 42, "name": "Numeric key"}"#,
    ]
    /// Valid JSON that the reader leaves to the general way, which reads it or says what is wrong.
    static let exotic = [
        #"{"id": "KEY", "name": "Escaped \u00e9"}"#,
        #"{"id": "KEY", "name": "Unknown member", "colour": "red"}"#,
        #"{"id": "KEY", "name": "Twice", "name": "Again"}"#,
        #"{"id": "KEY", "name": "   "}"#,
        #"{"id": "KEY", "name": "Below the minimum", "population": -5}"#,
        #"{"id": "KEY", "name": "Not whole", "population": 1.5}"#,
        #"{"id": "KEY", "name": "Past 18 digits", "population": 12345678901234567890}"#,
        #"{"id": "KEY", "name": "Boolean", "capital": true}"#,
        #"{"id": "KEY", "name": "List of lists", "tags": [["a"]]}"#,
        #"{"id": "KEY", "name": "Number in a list", "tags": ["a", 1]}"#,
        #"{"id": "KEY", "name": "List for a text", "capital": ["x"]}"#,
        #"{"name": "No key"}"#,
        #"{}"#,
    ]
    /// Not JSON: left to the general way, which reports it.
    static let malformed = [
        #"{"id": "KEY", "name": "Leading zero", "population": 012}"#,
        #"{"id": "KEY", "name": "No comma" "area": 1}"#,
        #"{"id": "KEY", "name": "Control \#t character"}"#,
    ]
    static let shapes = plain + exotic

    let loader = RecordsLoader(collection: testConfig().only, file: "records.json")

    func bytes(_ element: String) -> [UInt8] {
        Array(("[" + element.replacingOccurrences(of: "KEY", with: "k") + "]").utf8)
    }

    func read(_ element: String) throws -> Record? {
        let reader = try #require(loader.recordReader())
        return reader.read(bytes(element), at: 1, line: 1)
    }

    @Test func readsPlainRecordsAsTheTreeDoes() throws {
        for element in Self.plain {
            let direct = try #require(
                try read(element), "the reader left a plain record to the general way: \(element)")
            let (records, diagnostics) = loader.loadInOrder(bytes: bytes(element))
            #expect(diagnostics.isEmpty)
            #expect([direct] == records, "\(element)")
        }
    }

    @Test func leavesEverythingElseToTheGeneralWay() throws {
        for element in Self.exotic + Self.malformed {
            #expect(try read(element) == nil, "\(element)")
        }
    }
}
