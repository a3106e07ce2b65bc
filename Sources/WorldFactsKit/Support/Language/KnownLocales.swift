import ICUBridge

/// The locales ICU has data for, which a site's `locale` must name: ICU itself takes any identifier and
/// answers for an unknown one from its root locale, silently.
public enum KnownLocales {
    /// ICU's canonical identifier of a BCP 47 tag (`de-CH`) or ICU identifier (`de_CH`), or nil when ICU
    /// has no data for its language, script or region.
    public static func canonical(_ tag: String) -> String? {
        var canonical = [CChar](repeating: 0, count: 158)
        let known = canonical.withUnsafeMutableBufferPointer {
            wf_locale_is_known(tag, $0.baseAddress, Int32($0.count))
        }
        guard known != 0 else { return nil }
        return String(decoding: canonical.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The BCP 47 tag of a locale (`de_CH` gives `de-CH`), as HTML's `lang` takes it; nil for one ICU cannot
    /// read.
    public static func languageTag(_ locale: String) -> String? {
        var tag = [CChar](repeating: 0, count: 158)
        let length = tag.withUnsafeMutableBufferPointer {
            wf_locale_language_tag(locale, $0.baseAddress, Int32($0.count))
        }
        guard length > 0 else { return nil }
        return String(decoding: tag.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The ISO 639-3 code of a locale's language (`eng` for `en`, `swe` for `sv`), as a ZIM's `Language`
    /// names it; nil where ICU has none.
    public static func iso6393(_ locale: String) -> String? {
        var code = [CChar](repeating: 0, count: 16)
        let length = code.withUnsafeMutableBufferPointer {
            wf_locale_iso3_language(locale, $0.baseAddress, Int32($0.count))
        }
        guard length > 0 else { return nil }
        return String(decoding: code.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the locale's script is written right to left (`ar`, `he`, `fa`): its pages' `dir`.
    public static func isRightToLeft(_ locale: String) -> Bool { wf_locale_is_right_to_left(locale) != 0 }

    /// Every locale ICU has data for, as BCP 47 tags (`de-CH`).
    public static let all: [String] = (0..<wf_locale_count()).compactMap { number in
        wf_locale_at(number).map { String(cString: $0).split(separator: "_").joined(separator: "-") }
    }
}
