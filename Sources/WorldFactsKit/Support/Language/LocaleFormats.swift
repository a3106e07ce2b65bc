import ICUBridge
import Synchronization

/// Numbers and dates as a locale writes them, through ICU: its digits, separators, grouping and minus sign
/// (en: 1,234,567.5; de: 1.234.567,5; hi: 12,34,567; ar: ١٬٢٣٤٬٥٦٧), and its medium date style
/// ("Mar 7, 2024"; de: "07.03.2024"). Any thread may call it: ICU's formatters are kept per thread.
///
/// SAFETY: each call hands ICU a buffer of the capacity it states, and reads back only the length ICU
/// reports within it (worldfacts_icu.h).
public struct LocaleFormats: Sendable {
    /// An identifier `KnownLocales` accepts.
    public let locale: String
    /// How the locale writes whole numbers, read from ICU's output once per locale, when ICU's output for
    /// every probe is what it gives (`GroupedIntegers`).
    let integers: GroupedIntegers?

    public init(locale: String) {
        self.locale = locale
        integers = Self.integers(of: locale)
    }

    /// A whole number, grouped.
    public func format(_ number: Int) -> String {
        integers?.format(number) ?? icuInteger(number) ?? String(number)
    }

    func icuInteger(_ number: Int) -> String? {
        text { wf_format_integer(locale, Int64(number), $0, $1) }
    }

    private static let derived = Mutex<[String: GroupedIntegers?]>([:])

    private static func integers(of locale: String) -> GroupedIntegers? {
        if let known = derived.withLock({ $0[locale] }) { return known }
        let icu = LocaleFormats(locale: locale, integers: nil)
        let made = GroupedIntegers(icu: icu.icuInteger)
        derived.withLock { $0[locale] = made }
        return made
    }

    private init(locale: String, integers: GroupedIntegers?) {
        self.locale = locale
        self.integers = integers
    }

    /// At most `fractionDigits` decimals, rounded half to even, trailing zeros dropped: 1234.5 → "1,234.5",
    /// 468.0 → "468".
    public func format(_ number: Double, fractionDigits: Int) -> String {
        text { wf_format_decimal(locale, number, Int32(max(0, min(20, fractionDigits))), $0, $1) } ?? String(number)
    }

    /// A percentage, the number as it is (12.5 → "12.5%"; de "12,5 %"), rounded as `format(_:fractionDigits:)`.
    public func percent(_ number: Double, fractionDigits: Int) -> String {
        text { wf_format_percent(locale, number, Int32(max(0, min(20, fractionDigits))), $0, $1) }
            ?? format(number, fractionDigits: fractionDigits) + "%"
    }

    /// A time zone (`Europe/Paris`) by its generic name and today's offset from GMT: "Central European Time
    /// (GMT+01:00)"; nil for an id ICU does not know as a zone.
    public func timeZone(_ zone: String) -> String? {
        text { wf_format_timezone(locale, zone, $0, $1) }
    }

    /// A day of the Gregorian calendar in the locale's medium style; nil for a month outside 1 to 12.
    public func date(year: Int, month: Int, day: Int) -> String? {
        guard let year = Int32(exactly: year), let month = Int32(exactly: month), let day = Int32(exactly: day) else {
            return nil
        }
        return text { wf_format_date(locale, year, month, day, $0, $1) }
    }

    private func text(_ write: (UnsafeMutablePointer<UInt16>?, Int32) -> Int32) -> String? {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 96) { buffer in
            let length = write(buffer.baseAddress, Int32(buffer.count))
            guard length >= 0, length <= buffer.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<Int(length)]), as: UTF16.self)
        }
    }
}

/// Whole numbers as a locale writes them, written without ICU: its ten digits, its grouping separator and
/// sizes (threes; or three, then twos, in Hindi), its minimum grouping (Spanish groups from five digits)
/// and its minus sign, all read from ICU's output for a few numbers. Kept only when it then writes every
/// probe as ICU does; otherwise each number goes to ICU.
///
/// Why not ICU for each: a page shows a few numbers, and ICU's formatter, with its result read back into a
/// string, made a clean build measurably slower, most of it formatting populations (docs/performance.md).
/// This writes the same text from bytes (a test compares the two on random numbers in a dozen locales).
struct GroupedIntegers: Sendable {
    /// The UTF-8 of the ten digits, of the separator between groups and of the minus sign.
    let digits: [[UInt8]]
    let separator: [UInt8]
    let minus: [UInt8]
    /// The widest digit's length in bytes.
    let widest: Int
    /// The size of the last group, and of each group before it.
    let primary: Int
    let secondary: Int
    /// 1, or 2 where a number of `primary` + 1 digits is not grouped (Spanish 1234).
    let minimumGrouping: Int

    init?(icu: (Int) -> String?) {
        let digits = (0...9).compactMap { icu($0) }
        guard digits.count == 10, Set(digits).count == 10, digits.allSatisfy({ $0.count == 1 }) else { return nil }
        // The groups of a long number, and the separator between them.
        guard let long = icu(123_456_789_012_345) else { return nil }
        var groups: [Int] = [0]
        var separators = Set<String>()
        var between = ""
        for character in long {
            if digits.contains(String(character)) {
                if !between.isEmpty {
                    separators.insert(between)
                    between = ""
                    groups.append(0)
                }
                groups[groups.count - 1] += 1
            } else {
                between.append(character)
            }
        }
        guard between.isEmpty, separators.count == 1, let separator = separators.first, groups.count >= 3,
            let primary = groups.last, let one = icu(-1), one.hasSuffix(digits[1])
        else { return nil }
        self.digits = digits.map { Array($0.utf8) }
        self.separator = Array(separator.utf8)
        minus = Array(one.dropLast(digits[1].count).utf8)
        widest = self.digits.map(\.count).max()!
        self.primary = primary
        secondary = groups[groups.count - 2]
        minimumGrouping = icu(Int(pow10: primary)).map { $0.contains(separator) } == true ? 1 : 2
        // Numbers of every length, and a fixed pseudo-random sequence of others.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        let probes =
            [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 99_999, 100_000, 123_456, 1_234_567, 12_345_678]
            .flatMap { [$0, -$0] } + [Int.max, Int.min, Int.min + 1]
            + (0..<64).map { _ in Int(truncatingIfNeeded: next()) >> Int(next() % 60) }
        guard probes.allSatisfy({ format($0) == icu($0) }) else { return nil }
    }

    /// Written into the string's own storage (`makeString`), each digit as the locale's bytes.
    func format(_ number: Int) -> String {
        let magnitude = String(number.magnitude)
        let count = magnitude.utf8.count
        let grouped = count >= primary + minimumGrouping
        return makeString(capacity: minus.count + count * (widest + separator.count)) { bytes in
            if number < 0 { for byte in minus { bytes.append(byte) } }
            var left = count
            for byte in magnitude.utf8 {
                if grouped, left < count, left >= primary, (left - primary) % secondary == 0 {
                    for byte in separator { bytes.append(byte) }
                }
                for byte in digits[Int(byte &- UInt8(ascii: "0"))] { bytes.append(byte) }
                left -= 1
            }
        }
    }
}

extension Int {
    /// 10 to the power `exponent` (0 to 18).
    init(pow10 exponent: Int) {
        self = (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
