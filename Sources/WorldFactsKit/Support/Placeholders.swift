extension String {
    /// The text with every occurrence of `placeholder` (such as `{count}`) replaced by `value`, found byte
    /// for byte in the UTF-8, left to right, an occurrence never overlapping the one before. Foundation's
    /// `replacingOccurrences` goes through `NSString`, and the standard library's `replacing` through
    /// generic collection searching: several microseconds each, asked for every heading and count of every
    /// language's pages. A text without the placeholder is given back as it is.
    public func replacingEvery(_ placeholder: String, with value: String) -> String {
        let pattern = Array(placeholder.utf8)
        guard let first = pattern.first else { return self }
        let bytes = Array(utf8)
        var result: [UInt8] = []
        var at = 0, copied = 0
        while at + pattern.count <= bytes.count {
            guard bytes[at] == first, bytes[at..<at + pattern.count].elementsEqual(pattern) else {
                at += 1
                continue
            }
            if result.isEmpty { result.reserveCapacity(bytes.count + value.utf8.count) }
            result += bytes[copied..<at]
            result += value.utf8
            at += pattern.count
            copied = at
        }
        guard copied > 0 else { return self }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }
}
