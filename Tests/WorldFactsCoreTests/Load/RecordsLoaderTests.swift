import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsTestSupport

@Suite struct RecordsLoaderTests {
    func load(_ json: String) -> ([Record], [String]) {
        let (records, diagnostics) = RecordsLoader(collection: testConfig().only, file: "records.json").load(
            bytes: Array(json.utf8))
        return (records, diagnostics.map(\.description))
    }

    @Test func loadsTypedValues() {
        let (records, problems) = load(
            #"[{"id":"a","name":"Alpha","population":12,"area":1.5,"tags":["x"],"next_to":["b"]}]"#)
        #expect(problems.isEmpty)
        #expect(records[0].values == [.missing, .integer(12), .decimal(1.5), .list(["x"]), .list(["b"])])
    }

    @Test func wrongTypesNameFileLineRecordAndField() {
        let (records, problems) = load(
            """
            [
              {"id": "a", "name": "Alpha", "population": "abc"},
              {"id": "b", "name": "Beta", "area": -5},
              {"id": "c", "name": "Gamma", "tags": "x"}
            ]
            """)
        #expect(records.isEmpty)
        #expect(
            problems == [
                "records.json:2:46: error: record 'a', field 'population': expected a whole number of at least 0, "
                    + "found the text \"abc\"",
                "records.json:3:39: error: record 'b', field 'area': expected a number of at least 0, found the "
                    + "number -5",
                "records.json:4:40: error: record 'c', field 'tags': expected a list of texts, found the text \"x\"",
            ])
    }

    @Test func missingKeyOrTitleAndDuplicates() {
        let (_, problems) = load(
            """
            [
              {"name": "No key"},
              {"id": "b", "name": ""},
              {"id": "c", "name": "C"},
              {"id": "c", "name": "C again"}
            ]
            """)
        #expect(problems.count == 3)
        #expect(
            problems[0].contains("records.json:2:3") && problems[0].contains("field 'id'")
                && problems[0].contains("missing key"))
        #expect(problems[1].contains("record 'b', field 'name'") && problems[1].contains("empty text"))
        #expect(problems[2].contains("record 'c'") && problems[2].contains("lines 4 and 5"))
    }

    @Test func emptyFileAndMalformedJSON() {
        #expect(load("[]").1 == ["records.json:1: error: the records file holds no records; expected at least one"])
        let malformed = load("[\n  {\"id\": \"a\",,}\n]").1
        #expect(malformed.count == 1)
        #expect(malformed[0].hasPrefix("records.json:2:14: error: malformed JSON"))
    }
}
