import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// A snapshot's records are found by passing over them (`Record.skip`), then read a chunk per core
/// (`Content.readRecords`): they come back as written, in order, across chunk bounds; bytes that do not
/// hold what the starts say are refused, whichever chunk they fall in.
@Suite struct SnapshotRecordsTests {
    /// Records of every kind of value, some with many values and long texts.
    func records(_ count: Int) -> [Record] {
        var random = SplitMix(state: 5)
        return (0..<count).map { number in
            let values: [FieldValue] = (0..<Int(random.next() % 6)).map { _ in
                switch random.next() % 5 {
                case 0: .missing
                case 1: .text(String(repeating: "é\(number)", count: Int(random.next() % 20)))
                case 2: .integer(Int(truncatingIfNeeded: random.next()))
                case 3: .decimal(Double(random.next() % 1_000) / 7)
                default: .list((0..<Int(random.next() % 4)).map { "k\($0)-\(number)" })
                }
            }
            return Record(key: "key-\(number)", title: "Title \(number)", values: values, line: number + 2)
        }
    }

    /// The bytes of `records` as a snapshot writes them, and where each starts (and the last ends).
    func encoded(_ records: [Record]) throws -> ([UInt8], [Int]) {
        var writer = BinaryWriter()
        for record in records { record.write(to: &writer) }
        let bytes = writer.bytes
        var starts: [Int] = []
        try bytes.withUnsafeBytes { raw in
            var reader = BinaryReader(raw)
            for _ in records {
                starts.append(reader.index)
                try Record.skip(in: &reader)
            }
            starts.append(reader.index)
            #expect(reader.isAtEnd)
        }
        return (bytes, starts)
    }

    /// `Content.readRecords` over `bytes`, as a snapshot's reader reads them.
    static func readRecords(_ bytes: [UInt8], at starts: [Int]) throws -> [Record] {
        try FileBytes(bytes).withReader { reader in
            Result { () throws(BinaryReader.Malformed) in try Content.readRecords(at: starts, from: reader) }
        }.get()
    }

    @Test func recordsReadOnEveryCoreAreThoseWritten() throws {
        for count in [0, 1, 16_383, 16_384, 40_000] {
            let written = records(count)
            let (bytes, starts) = try encoded(written)
            let read = try Self.readRecords(bytes, at: starts)
            #expect(read == written, "\(count) records")
        }
    }

    @Test func recordsThatAreNotWhereTheStartsSayAreRefused() throws {
        let written = records(40_000)
        let (bytes, starts) = try encoded(written)
        // A start where a chunk starts or ends, moved into the middle of a record: the first, a bound
        // between two chunks, the end of the last.
        for moved in [0, 16_384, 32_768, 40_000] {
            var wrong = starts
            wrong[moved] += 1
            #expect(throws: BinaryReader.Malformed.self) {
                _ = try Self.readRecords(bytes, at: wrong)
            }
        }
        // The bytes cut short within the last record.
        #expect(throws: BinaryReader.Malformed.self) {
            _ = try Self.readRecords(Array(bytes.dropLast(3)), at: starts)
        }
    }
}
