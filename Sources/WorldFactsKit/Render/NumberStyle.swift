import Foundation

/// Locale-aware number text: digits grouped in threes with the locale's separators
/// (en: 1,234,567.5; de: 1.234.567,5; fr: 1 234 567,5). Separators are read once from Foundation's
/// locale data, the formatting itself is pure and thread-safe.
public struct NumberStyle: Sendable {
    public var groupingSeparator: String
    public var decimalSeparator: String

    public init(groupingSeparator: String, decimalSeparator: String) {
        self.groupingSeparator = groupingSeparator
        self.decimalSeparator = decimalSeparator
    }

    public init(locale identifier: String) {
        let locale = Locale(identifier: identifier)
        self.init(groupingSeparator: locale.groupingSeparator ?? ",", decimalSeparator: locale.decimalSeparator ?? ".")
    }

    public func format(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        grouped.reserveCapacity(digits.utf8.count + digits.utf8.count / 3 * groupingSeparator.utf8.count)
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped += groupingSeparator }
            grouped.append(digit)
        }
        return number < 0 ? "-" + grouped : grouped
    }

    /// At most `fractionDigits` decimals, trailing zeros dropped: 1234.5 → "1,234.5", 468.0 → "468".
    public func format(_ number: Double, fractionDigits: Int) -> String {
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = (abs(number) * scale).rounded()
        guard scaled < 9e15 else { return String(number) }
        let whole = Int(scaled / scale)
        var fraction = Int(scaled) - whole * Int(scale)
        var fractionText = ""
        if fractionDigits > 0 && fraction > 0 {
            fractionText = String(fraction)
            fractionText = String(repeating: "0", count: fractionDigits - fractionText.count) + fractionText
            while fractionText.hasSuffix("0") { fractionText.removeLast() }
            fraction = 0
        }
        let sign = number < 0 && scaled > 0 ? "-" : ""
        return sign + format(whole) + (fractionText.isEmpty ? "" : decimalSeparator + fractionText)
    }
}
