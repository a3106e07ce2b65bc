import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// Numbers and dates as each locale writes them, through ICU. (Tests/site/test_collation.py checks a built
/// site's numbers and dates against PyICU.)
@Suite struct LocaleFormatsTests {
    @Test func wholeNumbersGroupedByLocale() {
        let english = LocaleFormats(locale: "en")
        #expect([1_234_567, 0, 999, -1_000].map(english.format) == ["1,234,567", "0", "999", "-1,000"])
        #expect(LocaleFormats(locale: "de").format(1_234_567) == "1.234.567")
        #expect(LocaleFormats(locale: "fr").format(1_234_567) == "1\u{202F}234\u{202F}567")
        #expect(LocaleFormats(locale: "de-CH").format(1_234_567) == "1’234’567")
        // Indian grouping: threes, then twos.
        #expect(LocaleFormats(locale: "hi").format(1_234_567) == "12,34,567")
        // Spanish groups four digits only from five on.
        #expect(LocaleFormats(locale: "es").format(1_234) == "1234")
        #expect(LocaleFormats(locale: "es").format(12_345) == "12.345")
        // Arabic-Indic digits and separators.
        #expect(LocaleFormats(locale: "ar").format(1_234) == "١٬٢٣٤")
        #expect(english.format(Int.min) == "-9,223,372,036,854,775,808")
    }

    /// Whole numbers are written without ICU where ICU's own output shows how (`GroupedIntegers`): the same
    /// text as ICU's for random numbers of every length, in a dozen locales.
    @Test(arguments: ["en", "de", "de-CH", "fr", "es", "hi", "ar", "ja", "sv", "tr", "ru", "el", "bn", "fa"])
    func integersWithoutICUAreICUs(locale: String) throws {
        let formats = LocaleFormats(locale: locale)
        let grouped = try #require(formats.integers, "no grouping read from ICU for \(locale)")
        var random = SplitMix(state: 11)
        for _ in 0..<5_000 {
            let number = Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64)
            #expect(grouped.format(number) == formats.icuInteger(number), "\(locale) \(number)")
        }
    }

    @Test func decimals() {
        let english = LocaleFormats(locale: "en")
        #expect(english.format(1234.5, fractionDigits: 2) == "1,234.5")
        #expect(english.format(468.0, fractionDigits: 1) == "468")
        #expect(english.format(0.44, fractionDigits: 1) == "0.4")
        #expect(english.format(-33.25, fractionDigits: 3) == "-33.25")
        #expect(english.format(0.125, fractionDigits: 2) == "0.12", "half to even")
        #expect(english.format(1e20, fractionDigits: 1) == "100,000,000,000,000,000,000")
        #expect(LocaleFormats(locale: "de").format(1234.5, fractionDigits: 2) == "1.234,5")
        #expect(english.format(.infinity, fractionDigits: 1) == "∞")
    }

    @Test func datesInTheMediumStyle() {
        #expect(LocaleFormats(locale: "en").date(year: 2024, month: 3, day: 7) == "Mar 7, 2024")
        #expect(LocaleFormats(locale: "de").date(year: 2024, month: 3, day: 7) == "07.03.2024")
        #expect(LocaleFormats(locale: "sv").date(year: 2024, month: 3, day: 7) == "7 mars 2024")
        #expect(LocaleFormats(locale: "ja").date(year: 2024, month: 3, day: 7) == "2024/03/07")
        // The Gregorian calendar before 1582 too, and no day shifted by a time zone.
        #expect(LocaleFormats(locale: "en").date(year: 1066, month: 10, day: 14) == "Oct 14, 1066")
        #expect(LocaleFormats(locale: "en").date(year: 2024, month: 13, day: 1) == nil)
    }

    @Test(arguments: [
        ("2024-02-29", true), ("2023-02-29", false), ("1900-02-29", false), ("2000-02-29", true),
        ("2024-04-31", false), ("2024-12-31", true), ("0000-01-01", false), ("2024-1-01", false),
        ("2024-01-01T10:00", false), ("２０２４-01-01", false), ("", false), ("2024/01/01", false),
    ])
    func isoDays(text: String, valid: Bool) {
        #expect((ISODate(text) != nil) == valid)
    }
}
