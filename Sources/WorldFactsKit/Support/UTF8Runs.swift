/// A text's UTF-8 copied into bytes a run at a time, read where the string holds it: for the texts of
/// every page (HTML escaping) and every key (folding), where a byte-by-byte copy through the string's
/// indices cost several times more.
///
/// SAFETY: the UTF-8 is read through the buffer `withContiguousStorageIfAvailable` or `withUTF8` lends
/// for the call, within its count, and no pointer outlives the call.
public enum UTF8Runs {
    /// Appends `text`'s UTF-8 to `bytes`.
    @inlinable
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        withUTF8(text) { bytes.append(contentsOf: $0) }
    }

    /// Appends `text`'s UTF-8 to `bytes`, with each byte `replacement` gives a text for replaced by that
    /// text; the runs between are copied whole.
    @inlinable
    public static func append(
        _ text: String, to bytes: inout [UInt8], replacing replacement: (UInt8) -> StaticString?
    ) {
        withUTF8(text) { utf8 in
            var runStart = 0
            for offset in utf8.indices {
                guard let replaced = replacement(utf8[offset]) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
                replaced.withUTF8Buffer { bytes.append(contentsOf: $0) }
                runStart = offset + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }

    /// Appends `source[range]` to `bytes`, copied from where it is: a slice of `source` would retain and
    /// release its storage (a template's text, appended a run at a time for every page).
    @inlinable
    public static func append(_ source: [UInt8], _ range: Range<Int>, to bytes: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= source.count, "a range past the bytes")
        source.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// `text` with its capitals A–Z lowered, when it is all ASCII (the same string when it has none);
    /// nil when it is not.
    public static func asciiLowercased(_ text: String) -> String? {
        withUTF8(text) { utf8 -> String? in
            guard !utf8.contains(where: { $0 >= 0x80 }) else { return nil }
            guard utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
            return String(unsafeUninitializedCapacity: utf8.count) { buffer in
                for offset in utf8.indices {
                    let byte = utf8[offset]
                    buffer[offset] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                }
                return utf8.count
            }
        }
    }

    /// Calls `body` with `text`'s UTF-8 where it is; a string that does not hold it contiguously (bridged)
    /// is made native first.
    @inlinable
    static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }
}
