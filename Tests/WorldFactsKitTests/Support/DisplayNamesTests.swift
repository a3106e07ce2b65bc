import Testing

@testable import WorldFactsSupport

/// Names from codes, as CLDR gives them through ICU, in the language asked for.
@Suite struct DisplayNamesTests {
    @Test func languagesWithTheirRegions() {
        let english = DisplayNames(locale: "en")
        #expect(
            ["de-CH", "fr-CH", "it-CH", "rm"].map { english.language($0) } == [
                "German (Switzerland)", "French (Switzerland)", "Italian (Switzerland)", "Romansh",
            ])
        #expect(english.language("de_CH") == "German (Switzerland)", "ICU's form too")
        #expect(english.language("gn") == "Guarani", "a language ICU has no locale data for, but a name")
        #expect(DisplayNames(locale: "de").language("de-CH") == "Deutsch (Schweiz)")
        #expect(DisplayNames(locale: "sv").language("fr") == "franska")
        #expect(DisplayNames(locale: "ja").language("en") == "英語")
    }

    @Test func currencies() {
        #expect(DisplayNames(locale: "en").currency("CHF") == "Swiss Franc")
        #expect(DisplayNames(locale: "de").currency("EUR") == "Euro")
        #expect(DisplayNames(locale: "fr").currency("USD") == "dollar des États-Unis")
    }

    /// A code ICU has no name for gives none, where ICU itself would give the code back.
    @Test(arguments: ["xq", "qqq", "de-QQ", "", "de-CH-x-private-too-long-to-be-a-tag!"]) func unknownLanguages(
        code: String
    ) {
        #expect(DisplayNames(locale: "en").language(code) == nil)
    }

    @Test(arguments: ["QQQ", "chf", "CH", "EURO", ""]) func unknownCurrencies(code: String) {
        #expect(DisplayNames(locale: "en").currency(code) == nil)
    }
}
