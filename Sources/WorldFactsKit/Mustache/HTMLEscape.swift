/// HTML escaping of `& < > " '`, byte by byte over UTF-8.
enum HTMLEscape {
    /// How a template writes a variable's text, in the renderer and in a plan (`TemplatePlan.fill`) alike:
    /// escaped (`{{name}}`) or as it is (`{{{name}}}`, `{{&name}}`).
    static func append(_ text: String, escaped: Bool, to bytes: inout [UInt8]) {
        if escaped { append(text, to: &bytes) } else { bytes += text.utf8 }
    }

    static func append(_ text: String, to bytes: inout [UInt8]) {
        // A native string's UTF-8 is read where it is; any other is copied once.
        if text.utf8.withContiguousStorageIfAvailable({ append(utf8: $0, to: &bytes) }) == nil {
            var text = text
            text.withUTF8 { append(utf8: $0, to: &bytes) }
        }
    }

    static func append(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var runStart = 0
        for (offset, byte) in utf8.enumerated() {
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[runStart..<offset])
            bytes += UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount)
            runStart = offset + 1
        }
        bytes += UnsafeBufferPointer(rebasing: utf8[runStart...])
    }
}
