import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsSupport

/// The shortcuts large sites take must give exactly what the plain way gives: records read in
/// parallel, the packed sort, page fingerprints taken from inputs, shards kept by bucket.
@Suite struct ParallelRecordsTests {
    let loader = RecordsLoader(collection: testConfig().only, file: "records.json")

    /// Records with every kind of problem spread through a file large enough to be read in parallel.
    func bigFile(seed: UInt64) -> String {
        var random = DifferentialFoldingTests.SplitMix(state: seed)
        var lines: [String] = []
        for n in 0..<(RecordsLoader.parallelAbove + 3_000) {
            let name = ["Alpha", "Bêta, \\\"quoted\\\"", "[bracket] {brace}", "Ω \\u00e9", "Zulu"][
                Int(random.next() % 5)]
            switch random.next() % 40 {
            case 0: lines.append(#"{"id": "dup", "name": "Dup \#(n)"}"#)  // a duplicate key from the second on
            case 1: lines.append(#"{"id": "w\#(n)", "name": "Wrong", "population": "many"}"#)
            case 2: lines.append(#"{"name": "No key \#(n)"}"#)
            case 3: lines.append(#"  "not an object""#)
            case 4:
                lines.append(
                    RecordReaderTests.shapes[Int(random.next() % UInt64(RecordReaderTests.shapes.count))]
                        .replacingOccurrences(of: "KEY", with: "s\(n)"))
            default:
                lines.append(
                    #"{"id": "r\#(n)", "name": "\#(name) \#(n)", "population": \#(random.next() % 100000), "#
                        + #""area": \#(Double(random.next() % 1000) / 10), "tags": ["a", "]", ","], "next_to": []}"#)
            }
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    @Test func givesWhatReadingInOrderGives() throws {
        for seed: UInt64 in [1, 2, 3] {
            let bytes = Array(bigFile(seed: seed).utf8)
            let starts = try #require(JSONParser.elementStarts(bytes))
            #expect(starts.count == RecordsLoader.parallelAbove + 3_000)
            let parallel = try #require(loader.loadInParallel(bytes: bytes, starts: starts))
            let inOrder = loader.loadInOrder(bytes: bytes)
            #expect(parallel.0 == inOrder.0)
            #expect(parallel.1 == inOrder.1)
            #expect(inOrder.1.contains { $0.message.contains("duplicate key") })
            #expect(inOrder.0.count > RecordsLoader.parallelAbove)
        }
    }

    @Test func aSyntaxErrorIsReportedAsReadingInOrderReportsIt() throws {
        let text = bigFile(seed: 4)
        let broken = [
            // A missing comma.
            text.replacingOccurrences(of: #""name": "Wrong""#, with: #""name": "Wrong" "extra": 1"#),
            text.replacingOccurrences(of: #""area": "#, with: #""area" "#),  // a missing colon
            String(text.dropLast(3)),  // no closing bracket
            text.replacingOccurrences(of: "\n]", with: ",\n]"),  // a trailing comma
        ]
        for variant in broken where variant != text {
            let bytes = Array(variant.utf8)
            let (records, diagnostics) = loader.load(bytes: bytes)
            let inOrder = loader.loadInOrder(bytes: bytes)
            #expect(records == inOrder.0)
            #expect(diagnostics == inOrder.1)
            #expect(diagnostics.contains { $0.message.hasPrefix("malformed JSON") }, "\(diagnostics.prefix(3))")
        }
    }

    @Test func elementStartsSkipBracketsInsideStrings() throws {
        let bytes = Array(#"[ {"a": "]}\"[,"}, [1, [2]] ,"x\\", 3 ]"#.utf8)
        let starts = try #require(JSONParser.elementStarts(bytes))
        #expect(starts.map(\.index) == [2, 19, 29, 36])
        #expect(JSONParser.elementStarts(Array(#"[1,,2]"#.utf8)) == nil)
        #expect(JSONParser.elementStarts(Array(#"[1 2]"#.utf8)) == nil)
        #expect(JSONParser.elementStarts(Array(#"[1] x"#.utf8)) == nil)
        #expect(JSONParser.elementStarts(Array(#"{"a": 1}"#.utf8)) == nil)
    }
}
