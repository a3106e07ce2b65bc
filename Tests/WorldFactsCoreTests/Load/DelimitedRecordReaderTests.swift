import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsTestSupport

/// The direct row reader must give the record that typing the row's cells and validating them gives, or
/// leave the row to that general way.
@Suite struct DelimitedRecordReaderTests {
    static let header = "id,name,capital,population,area,tags,next_to,colour"
    /// Rows the reader reads itself.
    static let plain = [
        "k,Plain,Bern,12,1.5,a;b,x;y,red",
        "k,Ünïcødé 日本,Zürich,0,0,,,",
        "k,Empty cells,,,,,,",
        "k,Spaces in a list,,5,2.5e-3, a ; ;b ,,",
        "k,Integer area,,7,-0,;,,",
        "k,Big,,123456789012345678,1E+2,a,,",
        "k,\"Quoted, with a comma\",\"Line\nbreak\",1,1,,,",
        "  k  ,  Padded  ,,,,,,",
    ]
    /// Rows the reader leaves to the general way, which reads them or says what is wrong.
    static let exotic = [
        ",No key,,,,,,",
        "   ,Blank key,,,,,,",
        "k,,,,,,,",
        "k,   ,,,,,,",
        "k,Below the minimum,,-5,,,,",
        "k,Area below the minimum,,,-0.5,,,",
        "k,Not whole,,1.5,,,,",
        "k,Words,,many,,,,",
        "k,Spaced number,, 5 ,,,,",
        "k,Past 18 digits,,12345678901234567890,,,,",
        "k,Not a number,,,wide,,,",
        "k,Infinite,,,inf,,,",
        "k,Not a number at all,,,nan,,,",
    ]

    let loader = RecordsLoader(collection: testConfig().only, file: "records.csv")

    /// The direct reading of each row of `rows` (nil where it leaves the row), and the general one.
    func read(_ rows: [String], config: CollectionSpec? = nil) throws -> [(Record?, RecordsLoader.Outcome)] {
        let loader = config.map { RecordsLoader(collection: $0, file: "records.csv") } ?? loader
        let source = DelimitedSource(
            bytes: Array((Self.header + "\n" + rows.joined(separator: "\n") + "\n").utf8),
            separator: UInt8(ascii: ","), type: loader.cellTyper())
        let (header, part) = try source.header()
        let positions = loader.fieldPositions
        let reader = try #require(
            DelimitedRecordReader(collection: loader.collection, header: header, positionByName: positions))
        var read: [(Record?, RecordsLoader.Outcome)] = []
        _ = try source.readRows(in: part, header: header) { row in
            read.append((reader.record(row), loader.outcome(of: source.node(of: row, header: header), positions)))
        }
        return read
    }

    @Test func readsPlainRowsAsTheGeneralWayDoes() throws {
        let read = try read(Self.plain)
        #expect(read.count == Self.plain.count)
        for ((direct, general), row) in zip(read, Self.plain) {
            let record = try #require(direct, "the reader left a plain row to the general way: \(row)")
            guard case .record(let expected, _, _) = general else {
                Issue.record("the general way refused \(row): \(general)")
                continue
            }
            #expect(record == expected, "\(row)")
        }
    }

    @Test func leavesEverythingElseToTheGeneralWay() throws {
        let read = try read(Self.exotic)
        #expect(read.count == Self.exotic.count)
        for ((direct, _), row) in zip(read, Self.exotic) {
            #expect(direct == nil, "\(row)")
        }
    }

    /// A required field left empty, and a key column the schema types as a number (which the general way
    /// writes back as a text, "007" as "7"), are the general way's.
    @Test func requiredFieldsAndTypedKeysAreTheGeneralWays() throws {
        var required = testConfig().only
        required.fields[0].required = true
        let read = try read(["k,No capital,,1,,,,", "k,Capital,Bern,1,,,,"], config: required)
        #expect(read[0].0 == nil)
        #expect(read[1].0?.values[0] == .text("Bern"))
        var numericKey = testConfig().only
        numericKey.fields[0] = numericKey.fields[1]
        numericKey.fields[0].id = "id"
        let source = DelimitedSource(
            bytes: Array((Self.header + "\n007,Bond,,,,,,\n").utf8), separator: UInt8(ascii: ","),
            type: loader.cellTyper())
        let (header, _) = try source.header()
        #expect(DelimitedRecordReader(collection: numericKey, header: header, positionByName: ["id": 0]) == nil)
    }
}
