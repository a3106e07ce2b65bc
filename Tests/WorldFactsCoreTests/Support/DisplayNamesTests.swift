import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

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

    /// ICU's answers are kept for the process: asked again, in any order, a code gives what it gave, each
    /// kind and language its own name of it (a code that is a language, a region and no currency).
    @Test func answersAskedAgainAreTheirOwn() {
        let asks: [(String, (DisplayNames) -> String?)] = [
            ("en", { $0.language("ch") }), ("en", { $0.region("ch") }), ("en", { $0.currency("ch") }),
            ("de", { $0.language("ch") }), ("de", { $0.region("ch") }), ("en", { $0.language("de") }),
            ("de", { $0.language("de") }), ("fr", { $0.currency("CHF") }), ("en", { $0.currency("CHF") }),
        ]
        let expected: [String?] = [
            "Chamorro", "Switzerland", nil, "Chamorro", "Schweiz", "German", "Deutsch", "franc suisse", "Swiss Franc",
        ]
        for order in [Array(asks.indices), asks.indices.reversed(), Array(asks.indices)] {
            var answers = [String?](repeating: nil, count: asks.count)
            for number in order { answers[number] = asks[number].1(DisplayNames(locale: asks[number].0)) }
            #expect(answers == expected)
        }
    }
}

/// Region names: ISO 3166-1 codes on ICU's current list only.
@Suite struct RegionNamesTests {
    @Test func regionsInEachLanguage() {
        #expect(DisplayNames(locale: "en").region("CH") == "Switzerland")
        #expect(DisplayNames(locale: "en").region("ch") == "Switzerland", "either case")
        #expect(DisplayNames(locale: "de").region("IS") == "Island")
        #expect(DisplayNames(locale: "ja").region("XK") == "コソボ", "a code CLDR names though ISO has not assigned it")
    }

    /// A withdrawn code ICU would name as its successor ("AN" as Curaçao, "CS" as Serbia), a code of no
    /// region, a region that is no country ("EU", "419"), or a text that upper-cases into a code ("ß" to "SS").
    @Test(arguments: ["AN", "CS", "YU", "QQ", "ZZ", "EU", "419", "ß", "C", "CHE", "", "C\u{0}"]) func noName(
        code: String
    ) {
        #expect(DisplayNames(locale: "en").region(code) == nil)
    }
}
