import ICUBridge

/// Numbers and dates as a locale writes them, through ICU: its digits, separators, grouping and minus sign
/// (en: 1,234,567.5; de: 1.234.567,5; hi: 12,34,567; ar: ١٬٢٣٤٬٥٦٧), and its medium date style
/// ("Mar 7, 2024"; de: "07.03.2024"). Any thread may call it: ICU's formatters are kept per thread.
///
/// SAFETY: each call hands ICU a buffer of the capacity it states, and reads back only the length ICU
/// reports within it (worldfacts_icu.h).
public struct LocaleFormats: Sendable {
    /// An identifier `KnownLocales` accepts.
    public let locale: String

    public init(locale: String) { self.locale = locale }

    /// A whole number, grouped.
    public func format(_ number: Int) -> String {
        text { wf_format_integer(locale, Int64(number), $0, $1) } ?? String(number)
    }

    /// At most `fractionDigits` decimals, rounded half to even, trailing zeros dropped: 1234.5 → "1,234.5",
    /// 468.0 → "468".
    public func format(_ number: Double, fractionDigits: Int) -> String {
        text { wf_format_decimal(locale, number, Int32(max(0, min(20, fractionDigits))), $0, $1) } ?? String(number)
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
