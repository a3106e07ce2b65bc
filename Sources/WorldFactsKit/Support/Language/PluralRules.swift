import ICUBridge

/// CLDR's plural rules of a locale, through ICU (`uplrules_select`): which form of a counted text a number
/// takes ("one", "few", "many", "other" …). Russian: 1 and 21 "one", 2–4 "few", 5–20 "many"; Arabic has six.
public struct PluralRules: Sendable {
    public let locale: String

    public init(locale: String) { self.locale = locale }

    /// The categories CLDR names, every locale's texts keyed by some of them ("other" always).
    public static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// The category of `number`; "other" where ICU has no rules for the locale.
    public func category(of number: Int) -> String {
        // Unsafe: ICU writes at most `capacity` bytes with their final 0, within the buffer's count.
        var bytes = [CChar](repeating: 0, count: 16)
        let length = bytes.withUnsafeMutableBufferPointer { buffer in
            wf_plural_category(locale, Int64(number), buffer.baseAddress, Int32(buffer.count))
        }
        guard length > 0 else { return "other" }
        return String(decoding: bytes.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
