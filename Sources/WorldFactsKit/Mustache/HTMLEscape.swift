/// HTML escaping of `& < > " '`, byte by byte over UTF-8.
enum HTMLEscape {
    /// How a template writes a variable's text, in the renderer and in a plan (`TemplatePlan.fill`) alike:
    /// escaped (`{{name}}`) or as it is (`{{{name}}}`, `{{&name}}`).
    static func append(_ text: String, escaped: Bool, to bytes: inout [UInt8]) {
        if escaped { append(text, to: &bytes) } else { bytes += text.utf8 }
    }

    static func append(_ text: String, to bytes: inout [UInt8]) {
        // Runs with nothing to escape are appended whole: a native string's UTF-8 is copied as it is.
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let replacement: String
            switch utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default:
                utf8.formIndex(after: &index)
                continue
            }
            bytes += utf8[runStart..<index]
            bytes += replacement.utf8
            utf8.formIndex(after: &index)
            runStart = index
        }
        bytes += utf8[runStart...]
    }
}
