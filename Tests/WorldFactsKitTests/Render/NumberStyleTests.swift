import Testing

@testable import WorldFactsRender

@Suite struct NumberStyleTests {
    @Test func groupsByLocale() {
        #expect(NumberStyle(locale: "en").format(1_234_567) == "1,234,567")
        #expect(NumberStyle(locale: "en").format(0) == "0")
        #expect(NumberStyle(locale: "en").format(999) == "999")
        #expect(NumberStyle(locale: "en").format(-1_000) == "-1,000")
        #expect(NumberStyle(locale: "de").format(1_234_567) == "1.234.567")
    }

    @Test func decimals() {
        let en = NumberStyle(locale: "en")
        #expect(en.format(1234.5, fractionDigits: 2) == "1,234.5")
        #expect(en.format(468.0, fractionDigits: 1) == "468")
        #expect(en.format(0.44, fractionDigits: 1) == "0.4")
        #expect(en.format(0.0, fractionDigits: 1) == "0")
        #expect(en.format(-33.25, fractionDigits: 3) == "-33.25")
        #expect(NumberStyle(locale: "de").format(1234.5, fractionDigits: 2) == "1.234,5")
    }

    @Test func valuesShowNoneForEmptyAndZeroAsZero() {
        let formatter = ValueFormatter(config: testConfig())
        let config = testConfig()
        #expect(formatter.text(.text(""), config.only.fields[0]) == "None")
        #expect(formatter.text(.missing, config.only.fields[0]) == "None")
        #expect(formatter.text(.integer(0), config.only.fields[1]) == "0")
        #expect(formatter.text(.decimal(0), config.only.fields[2]) == "0 km²")
        #expect(formatter.text(.decimal(103_000), config.only.fields[2]) == "103,000 km²")
        #expect(formatter.text(.list([]), config.only.fields[3]) == "None")
        #expect(formatter.text(.list(["en", "fr"]), config.only.fields[3]) == "en, fr")
    }
}
