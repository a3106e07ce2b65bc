import Foundation
import WorldFactsSupport

/// The one collation of titles, a three-level comparison in the manner of the Unicode Collation
/// Algorithm for English: letters compare by their folded form first ("Åland" among the A's, "Côte"
/// among the C's), then unaccented before accented, then lowercase before uppercase, then by key.
/// Spaces and punctuation sort before digits, digits before letters, as in CLDR's root order.
public struct CollationKey: Sendable, Comparable {
    let primary: [UInt8]
    let secondary: [UInt8]
    let tertiary: [UInt8]
    let tieBreak: String

    public init(title: String, tieBreak: String) {
        primary = Array(Folding.fold(title).utf8)
        // Accents without case: the decomposed, lowercased title; none in an ASCII title.
        secondary = title.utf8.allSatisfy({ $0 < 0x80 }) ? [] : Self.accents(title)
        // Case: lowercase sorts first, so invert ASCII case bits for comparison.
        tertiary = title.utf8.map { ($0 >= 0x41 && $0 <= 0x5A) ? $0 | 0x20 &+ 0x80 : $0 }
        self.tieBreak = tieBreak
    }

    /// The secondary level of a title that is not all ASCII: its lowercased canonical decomposition.
    static func accents(_ title: String) -> [UInt8] {
        if let latin = latinAccents(title) { return latin }
        return Array(title.lowercased().decomposedStringWithCanonicalMapping.utf8)
    }

    /// Each Latin code point (below `Folding.latinEnd`) lowercased and decomposed on its own. None of
    /// them is a combining mark or lowercases by context, so a title of them decomposes as its code
    /// points do one by one (a test compares the two).
    static let latin: [[UInt8]] = (0..<Folding.latinEnd).map {
        Array(String(Unicode.Scalar($0)!).lowercased().decomposedStringWithCanonicalMapping.utf8)
    }

    /// `accents` by table, or nil when a code point is beyond it.
    static func latinAccents(_ title: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(title.utf8.count + 8)
        for scalar in title.unicodeScalars {
            guard scalar.value < Folding.latinEnd else { return nil }
            bytes.append(contentsOf: latin[Int(scalar.value)])
        }
        return bytes
    }

    public static func < (a: CollationKey, b: CollationKey) -> Bool {
        var order = compare(a.primary, b.primary)
        if order == 0 { order = compare(a.secondary, b.secondary) }
        if order == 0 { order = compare(a.tertiary, b.tertiary) }
        return order != 0 ? order < 0 : a.tieBreak < b.tieBreak
    }

    /// Byte order in one pass: negative, zero or positive.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int { ByteOrder.compare(a, b) }

    public static func == (a: CollationKey, b: CollationKey) -> Bool {
        a.primary == b.primary && a.secondary == b.secondary && a.tertiary == b.tertiary && a.tieBreak == b.tieBreak
    }
}
