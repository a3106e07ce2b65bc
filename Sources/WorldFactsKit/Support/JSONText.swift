/// JSON text that is also safe inside HTML: `<`, `>`, `&`, U+2028 and U+2029 are written as \u escapes,
/// so a `</script>` in data can never end a script element.
///
/// SAFETY: `appendQuoted(utf8:to:)` and `quotedCount(utf8:)` read the buffer they are given, within its
/// count, during the call only; their callers hand them a text's own UTF-8 or a `PackedBytes.Strings`
/// element, both valid for the call.
public enum JSONText {
    public static func quoted(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &result)
        return result
    }

    /// Appends the text, quoted and escaped, to `result`.
    public static func appendQuoted(_ text: String, to result: inout String) {
        result.append("\"")
        if !needsEscaping(text) {
            result.append(text)
            result.append("\"")
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result.append("\"")
    }

    /// Appends the text, quoted and escaped, to UTF-8 `bytes`.
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        if needsEscaping(text) {
            bytes.append(contentsOf: quoted(text).utf8)
        } else {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Appends UTF-8 text, quoted and escaped, to `bytes`, making a string only when it must be escaped.
    public static func appendQuoted(utf8 text: ArraySlice<UInt8>, to bytes: inout [UInt8]) {
        text.withUnsafeBufferPointer { appendQuoted(utf8: $0, to: &bytes) }
    }

    /// `appendQuoted(utf8:to:)`, from bytes where they are.
    public static func appendQuoted(utf8 text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        if needsEscaping(text) {
            appendQuoted(String(decoding: text, as: UTF8.self), to: &bytes)
        } else {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// How many bytes `appendQuoted(utf8:to:)` appends.
    public static func quotedCount(utf8 text: ArraySlice<UInt8>) -> Int {
        text.withUnsafeBufferPointer { quotedCount(utf8: $0) }
    }

    /// `quotedCount(utf8:)`, from bytes where they are.
    public static func quotedCount(utf8 text: UnsafeBufferPointer<UInt8>) -> Int {
        needsEscaping(text) ? quoted(String(decoding: text, as: UTF8.self)).utf8.count : text.count + 2
    }

    /// True when some byte of the text must be escaped: a quote, a backslash, a control character,
    /// `<`, `>`, `&`, or the first byte of U+2028 / U+2029 (0xE2, checked precisely by the slow path).
    static func needsEscaping(_ text: String) -> Bool {
        needsEscaping(text.utf8)
    }

    static func needsEscaping(_ utf8: some Collection<UInt8>) -> Bool {
        utf8.contains { byte in
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
                || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == 0xE2
        }
    }
}
