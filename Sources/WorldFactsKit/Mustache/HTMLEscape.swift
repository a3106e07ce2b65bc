import WorldFactsSupport

/// HTML escaping of `& < > " '`, byte by byte over UTF-8.
public enum HTMLEscape {
    /// A text escaped as `{{name}}` writes it, for pages written without a template.
    public static func text(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How a template writes a variable's text, in the renderer and in a plan (`TemplatePlan.fill`) alike:
    /// escaped (`{{name}}`) or as it is (`{{{name}}}`, `{{&name}}`).
    static func append(_ text: String, escaped: Bool, to bytes: inout [UInt8]) {
        if escaped { append(text, to: &bytes) } else { UTF8Runs.append(text, to: &bytes) }
    }

    static func append(_ text: String, to bytes: inout [UInt8]) {
        UTF8Runs.append(text, to: &bytes) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            default: nil
            }
        }
    }
}
