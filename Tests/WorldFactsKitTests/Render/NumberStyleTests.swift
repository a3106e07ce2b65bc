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

    /// The formatter writes bytes into the string's storage; it gives what the plain way (character by
    /// character, as it was written first) gives, for any number and separators of any length.
    @Test(arguments: [(",", "."), (".", ","), ("\u{202F}", ","), ("’", ".")])
    func sameAsThePlainWay(grouping: String, decimal: String) {
        let style = NumberStyle(groupingSeparator: grouping, decimalSeparator: decimal)
        var generator = SystemRandomNumberGenerator()
        var numbers = [0, 1, -1, 999, 1_000, -1_000, 999_999, 1_000_000, Int.max, Int.min]
        for _ in 0..<2_000 { numbers.append(Int.random(in: -10_000_000_000...10_000_000_000, using: &generator)) }
        for number in numbers {
            #expect(style.format(number) == plain(number, style), "\(number)")
        }
        for _ in 0..<2_000 {
            let number =
                Double.random(in: -1e9...1e9, using: &generator) / Double([1, 10, 1_000][Int.random(in: 0...2)])
            for digits in 0...5 {
                #expect(
                    style.format(number, fractionDigits: digits) == plain(number, digits, style), "\(number) \(digits)")
            }
        }
        #expect(style.format(-0.001, fractionDigits: 2) == "0")
        #expect(style.format(1.05, fractionDigits: 2) == "1\(decimal)05")
    }

    func plain(_ number: Int, _ style: NumberStyle) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped += style.groupingSeparator }
            grouped.append(digit)
        }
        return number < 0 ? "-" + grouped : grouped
    }

    func plain(_ number: Double, _ fractionDigits: Int, _ style: NumberStyle) -> String {
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = (abs(number) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled) - whole * Int(scale)
        var fractionText = ""
        if fractionDigits > 0 && fraction > 0 {
            fractionText = String(fraction)
            fractionText = String(repeating: "0", count: fractionDigits - fractionText.count) + fractionText
            while fractionText.hasSuffix("0") { fractionText.removeLast() }
        }
        let sign = number < 0 && scaled > 0 ? "-" : ""
        return sign + plain(whole, style) + (fractionText.isEmpty ? "" : style.decimalSeparator + fractionText)
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
