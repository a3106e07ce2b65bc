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

    /// Every locale ICU has data for, as BCP 47 tags (`de-CH`).
    public static let all: [String] = (0..<wf_locale_count()).compactMap { number in
        wf_locale_at(number).map { String(cString: $0).split(separator: "_").joined(separator: "-") }
    }
}
