extension String {
    /// The text without Unicode whitespace at either end.
    public func trimmingWhitespace() -> Substring {
        // Most texts start and end with a printable ASCII character: nothing to trim.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return self[...]
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return Substring(scalars[first...last])
    }
}

extension String {
    /// `String(trimmingWhitespace())`, and the text itself, not a copy, when there is nothing to trim.
    public func trimmedOfWhitespace() -> String {
        let trimmed = trimmingWhitespace()
        return trimmed.utf8.count == utf8.count ? self : String(trimmed)
    }
}
