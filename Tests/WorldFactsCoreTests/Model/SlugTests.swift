import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct SlugTests {
    @Test(arguments: [
        ("IS", "is"), ("Côte", "cote"), ("../x", "x"), ("a/b", "a-b"), ("CON", "con_"),
        ("lpt1", "lpt1_"), ("  Hello  World ", "hello-world"), ("a\u{0}b", "a-b"), ("ß", "ss"),
    ])
    func slugOf(key: String, slug: String) {
        #expect(Slug.make(from: key) == slug)
    }

    @Test func unusableKeysGiveNoSlug() {
        #expect(Slug.make(from: ".") == nil)
        #expect(Slug.make(from: "") == nil)
        #expect(Slug.make(from: "🙂") == nil)
    }

    @Test func longKeysAreCut() {
        #expect(Slug.make(from: String(repeating: "x", count: 300))!.count == 80)
    }

    @Test func keysWithTheSameSlugAreAnErrorNamingBoth() {
        let records = [
            Record(key: "ab", title: "One", values: Array(repeating: .missing, count: 5), line: 2),
            Record(key: "AB", title: "Two", values: Array(repeating: .missing, count: 5), line: 3),
        ]
        #expect {
            _ = try SiteModeler().model(
                Content(
                    config: testConfig(),
                    collections: [LoadedCollection(records: records, notes: [], file: "records.json")], warnings: [],
                    folder: "c"))
        } throws: { error in
            let text = "\(error)"
            return text.contains("record 'AB'") && text.contains("record 'ab' at line 2") && text.contains("'ab'")
        }
    }
}
