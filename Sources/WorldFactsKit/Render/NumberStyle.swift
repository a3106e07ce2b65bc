import Foundation
import WorldFactsSupport

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
        grouped(number.magnitude, sign: number < 0 ? "-" : "")
    }

    /// The digits of `magnitude` grouped in threes after `sign`, written as bytes into the string's
    /// own storage: this runs for every number of every page.
    func grouped(_ magnitude: UInt, sign: StaticString = "", fraction: (digits: Int, value: UInt) = (0, 0)) -> String {
        let digits = String(magnitude)
        let separator = groupingSeparator, decimal = decimalSeparator
        let count = digits.utf8.count
        let fractionCount = fraction.digits > 0 ? decimal.utf8.count + fraction.digits : 0
        let capacity = sign.utf8CodeUnitCount + count + (count - 1) / 3 * separator.utf8.count + fractionCount
        return makeString(capacity: capacity) { bytes in
            bytes.append(sign)
            for (offset, digit) in digits.utf8.enumerated() {
                if offset > 0 && (count - offset) % 3 == 0 { bytes.append(separator) }
                bytes.append(digit)
            }
            if fraction.digits > 0 {
                bytes.append(decimal)
                var value = fraction.value
                for position in stride(from: bytes.count + fraction.digits - 1, through: bytes.count, by: -1) {
                    bytes[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                bytes.skip(fraction.digits)
            }
        }
    }

    /// At most `fractionDigits` decimals, trailing zeros dropped: 1234.5 → "1,234.5", 468.0 → "468".
    public func format(_ number: Double, fractionDigits: Int) -> String {
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = (abs(number) * scale).rounded()
        guard scaled < 9e15 else { return String(number) }
        let whole = UInt(scaled / scale)
        var fraction = UInt(scaled) - whole * UInt(scale), shown = fraction > 0 ? fractionDigits : 0
        while shown > 0 && fraction % 10 == 0 {
            fraction /= 10
            shown -= 1
        }
        return grouped(whole, sign: number < 0 && scaled > 0 ? "-" : "", fraction: (shown, fraction))
    }
}
