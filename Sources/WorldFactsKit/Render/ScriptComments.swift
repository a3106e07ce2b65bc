/// The theme's search script as it is published: without the lines that hold only a `//` comment or
/// nothing, nor the block comment that opens the file, and without the spaces and tabs that indent each
/// line. The comments are a third of the script's gzipped bytes, and the indentation 3 % more, which every
/// page with a search box loads. A line is dropped when its first characters other than spaces and tabs
/// are `//` or it has no others, and loses those spaces and tabs otherwise, so a script whose multi-line
/// string has a line starting with `//`, with spaces, or with nothing would lose them: the theme docs say
/// so. Carriage returns and everything else pass through unchanged.
enum ScriptComments {
    static func stripped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var start = 0
        var opening = true
        var inOpeningBlock = false
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            let line = bytes[start..<end]
            start = end
            let text = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if opening && !inOpeningBlock && text.starts(with: "/*".utf8) { inOpeningBlock = true }
            if inOpeningBlock {
                if let close = closeOfBlock(in: text) {
                    inOpeningBlock = false
                    opening = false
                    // Code after the comment on its closing line stays.
                    if text[close...].contains(where: { !isBlank($0) }) { out += text[close...] }
                }
                continue
            }
            opening = false
            if text.starts(with: "//".utf8) || text.allSatisfy(isBlank) { continue }
            out += text
        }
        return out
    }

    /// Where the text after the first `*/` of `text` starts, or nil without one.
    private static func closeOfBlock(in text: ArraySlice<UInt8>) -> Int? {
        var index = text.startIndex
        while index + 1 < text.endIndex {
            if text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
