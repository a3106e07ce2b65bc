import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct PluralRulesTests {
    /// CLDR's categories, as ICU gives them: English two, Russian four, Arabic six, Japanese one.
    @Test func eachLocaleCountsInItsCategories() {
        let english = PluralRules(locale: "en"), russian = PluralRules(locale: "ru")
        let arabic = PluralRules(locale: "ar"), japanese = PluralRules(locale: "ja")
        #expect([0, 1, 2, 252].map(english.category) == ["other", "one", "other", "other"])
        #expect(
            [1, 2, 5, 11, 21, 22, 252, 34_006].map(russian.category) == [
                "one", "few", "many", "many", "one", "few", "few", "many",
            ])
        #expect(
            [0, 1, 2, 3, 11, 100, 252].map(arabic.category) == ["zero", "one", "two", "few", "many", "other", "many"])
        #expect([1, 2, 1_000].map(japanese.category) == ["other", "other", "other"])
    }

    /// The built-in forms are in the order of the counted keys: a config's text must be the same in every
    /// process (page fingerprints and shard names start from it), which a dictionary's order is not.
    @Test func theBuiltInFormsAreInAFixedOrder() {
        #expect(InterfaceStrings.english.plurals.pairs.map(\.key) == ["section_count", "value_count", "result_count"])
        #expect(InterfaceStrings.english.plurals["section_count"]?.pairs.map(\.key) == ["one", "other"])
    }
}
