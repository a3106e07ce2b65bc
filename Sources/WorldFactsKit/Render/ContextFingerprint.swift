/// A digest (FNV-1a) of a template context (nested dictionaries, arrays, strings, numbers, flags),
/// with dictionary keys in sorted order and a tag before every value, so different shapes never hash
/// alike by accident. Everything a template can show is in its context: the same context with the same
/// templates gives the same page, so a page whose fingerprint is unchanged need not be rendered.
public struct ContextFingerprint {
    /// Bump when the rendering itself changes, so old fingerprints no longer match.
    static let generatorVersion = "worldfacts-render-1"

    private var hash = FNV1a()

    public init() {}

    mutating func add(_ byte: UInt8) { hash.add(byte) }

    mutating func add(_ text: String) {
        hash.add(contentsOf: text.utf8)
        add(0xFF)  // never in UTF-8: ends the string
    }

    public mutating func add(value: Any) {
        switch value {
        case let text as String: add(1); add(text)
        case let flag as Bool: add(2); add(flag ? 1 : 0)
        case let number as Int: add(3); add(String(number))
        case let object as [String: Any]:
            add(4)
            for key in object.keys.sorted() { add(key); add(value: object[key]!) }
            add(5)
        case let array as [Any]:
            add(6)
            for element in array { add(value: element) }
            add(7)
        default: add(8); add(String(describing: value))
        }
    }

    public var value: String { hash.hex }

    /// The fingerprint of one page: generator version, every template's text, the template used, the context.
    public static func of(templates: String, template: String, context: [String: Any]) -> String {
        var fingerprint = ContextFingerprint()
        fingerprint.add(generatorVersion)
        fingerprint.add(templates)
        fingerprint.add(template)
        fingerprint.add(value: context)
        return fingerprint.value
    }
}
