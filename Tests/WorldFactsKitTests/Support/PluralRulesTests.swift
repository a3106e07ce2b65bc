import Testing

@testable import WorldFactsSupport

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
}
