import ICUBridge
import Synchronization

/// Names from codes, as CLDR gives them in a language, through ICU: a language code ("de-CH" → "German
/// (Switzerland)") and a currency code ("CHF" → "Swiss Franc").
///
/// SAFETY: each call hands ICU the code as a C string and a buffer of the capacity it states, and reads
/// back only the length ICU reports within it (worldfacts_icu.h).
public struct DisplayNames: Sendable {
    /// The language the names are in (an identifier `KnownLocales` accepts).
    public let locale: String

    public init(locale: String) { self.locale = locale }

    /// The name of a language code, or nil when ICU does not know its language or region.
    public func language(_ code: String) -> String? {
        known(.language, code) { name { wf_language_name(code, locale, $0, $1) } }
    }

    /// The name of an ISO 3166-1 alpha-2 region code, in either case, or nil when ICU has none for it or the
    /// code is withdrawn ("AN": ICU would name its successor).
    public func region(_ code: String) -> String? {
        known(.region, code) {
            // ASCII only: "ß" would be upper-cased to "SS", a code.
            let upper = code.utf8.allSatisfy { $0 < 0x80 } ? code.uppercased() : code
            return name { wf_region_name(upper, locale, $0, $1) }
        }
    }

    /// The name of an ISO 4217 currency code, or nil when ICU has none for it.
    public func currency(_ code: String) -> String? {
        known(.currency, code) { name { wf_currency_name(code, locale, $0, $1) } }
    }

    private enum Kind: Hashable { case language, region, currency }

    private struct Asked: Hashable {
        let kind: Kind
        let locale: String
        let code: String
    }

    /// What ICU answered, by kind, locale and code, for the life of the process: its answer never changes,
    /// and finding it opens the locale's resource bundles. Each language's edition names the codes of
    /// every field of codes again on every `watch` build. Emptied when it holds `answersKept`: codes
    /// come from the data, which a long `watch` can fill with ever new ones.
    private static let answers = Mutex<[Asked: String?]>([:])
    static let answersKept = 100_000

    /// ICU's answer, from the table when asked before. Only ASCII codes and locales are kept: `String`'s
    /// `==`, which the table compares keys with, takes texts of other bytes that are canonically
    /// equivalent as one.
    private func known(_ kind: Kind, _ code: String, ask: () -> String?) -> String? {
        guard code.utf8.allSatisfy({ $0 < 0x80 }), locale.utf8.allSatisfy({ $0 < 0x80 }) else { return ask() }
        let asked = Asked(kind: kind, locale: locale, code: code)
        if let answer = Self.answers.withLock({ $0[asked] }) { return answer }
        let answer = ask()
        Self.answers.withLock { answers in
            if answers.count >= Self.answersKept { answers.removeAll() }
            answers[asked] = .some(answer)
        }
        return answer
    }

    private func name(_ write: (UnsafeMutablePointer<UInt16>?, Int32) -> Int32) -> String? {
        var buffer = [UInt16](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress, Int32($0.count)) }
        guard length >= 0, length <= buffer.count else { return nil }
        return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
    }
}
