import WorldFactsSupport

/// Parses Mustache text into `TemplateNode`s, following the Mustache specification: variables,
/// sections, inverted sections, comments, partials, set delimiters, and inheritance (parents and
/// blocks). A tag alone on its line (but for a variable) removes that whole line. swift-mustache's
/// extensions (transforms such as `uppercased(name)`, `{{%CONTENT_TYPE}}`, dynamic partials) are
/// reported as errors rather than rendered as nothing.
public struct TemplateParser {
    enum TagKind: Equatable {
        case variable, raw, section, inverted, close, comment, partial, parent, block, delimiters

        var canStandAlone: Bool { self != .variable && self != .raw }
    }

    struct Tag {
        var kind: TagKind
        var name: String
        var line: Int
        var column: Int
        var indentation: [UInt8] = []
    }

    enum Token {
        case text([UInt8])
        case newline([UInt8])
        case tag(Tag)
    }

    public static func parse(_ template: String) throws(TemplateSyntaxError) -> [TemplateNode] {
        try build(standalone(try tokenize(Array(template.utf8))))
    }

    // MARK: Tokens

    static func tokenize(_ bytes: [UInt8]) throws(TemplateSyntaxError) -> [Token] {
        var tokens: [Token] = []
        var open: [UInt8] = Array("{{".utf8), close: [UInt8] = Array("}}".utf8)
        var line = 1, lineStart = 0
        var position = 0, textStart = 0
        func column(_ at: Int) -> Int { bytes[lineStart..<at].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } }
        func flushText(_ end: Int) {
            if end > textStart { tokens.append(.text(Array(bytes[textStart..<end]))) }
        }
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard needle.count <= bytes.count else { return nil }
            var at = start
            while at + needle.count <= bytes.count {
                if bytes[at] == needle[0] && bytes[at..<at + needle.count].elementsEqual(needle) { return at }
                at += 1
            }
            return nil
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r") && position + 1 < bytes.count
                    && bytes[position + 1] == UInt8(ascii: "\n"))
            {
                flushText(position)
                let length = byte == UInt8(ascii: "\n") ? 1 : 2
                tokens.append(.newline(Array(bytes[position..<position + length])))
                position += length
                line += 1
                lineStart = position
                textStart = position
                continue
            }
            guard byte == open[0], position + open.count <= bytes.count,
                bytes[position..<position + open.count].elementsEqual(open)
            else {
                position += 1
                continue
            }
            flushText(position)
            let tagLine = line, tagColumn = column(position)
            func fail(_ message: String) -> TemplateSyntaxError {
                TemplateSyntaxError(line: tagLine, column: tagColumn, message: message)
            }
            var start = position + open.count
            let sigil = start < bytes.count ? bytes[start] : 0
            let (kind, closingPrefix) = try Self.tagKind(sigil, fail)
            let closing = closingPrefix + close
            if kind != .variable { start += 1 }
            guard let end = find(closing, from: start) else {
                throw fail("a tag is not closed with \(String(decoding: closing, as: UTF8.self))")
            }
            let content = bytes[start..<end]
            for (offset, byte) in content.enumerated() where byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = start + offset + 1
            }
            position = end + closing.count
            textStart = position
            let text = String(decoding: content, as: UTF8.self)
            let name = String(text.trimmingWhitespace())
            if kind == .delimiters {
                let parts = name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                guard parts.count == 2, !parts[0].contains("="), !parts[1].contains("=") else {
                    throw fail("a set-delimiter tag must be {{=open close=}}")
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            }
            let named = kind == .comment || kind == .delimiters ? "" : try Self.checkedName(name, fail)
            tokens.append(.tag(Tag(kind: kind, name: named, line: tagLine, column: tagColumn)))
        }
        flushText(position)
        return tokens
    }

    /// A tag's kind by the character after its opening delimiter, and what its closing delimiter starts
    /// with (`}` for `{{{`, `=` for a set-delimiter tag).
    private static func tagKind(
        _ sigil: UInt8, _ fail: (String) -> TemplateSyntaxError
    ) throws(TemplateSyntaxError) -> (TagKind, [UInt8]) {
        switch sigil {
        case UInt8(ascii: "{"): return (.raw, Array("}".utf8))
        case UInt8(ascii: "&"): return (.raw, [])
        case UInt8(ascii: "#"): return (.section, [])
        case UInt8(ascii: "^"): return (.inverted, [])
        case UInt8(ascii: "/"): return (.close, [])
        case UInt8(ascii: "!"): return (.comment, [])
        case UInt8(ascii: ">"): return (.partial, [])
        case UInt8(ascii: "<"): return (.parent, [])
        case UInt8(ascii: "$"): return (.block, [])
        case UInt8(ascii: "="): return (.delimiters, Array("=".utf8))
        case UInt8(ascii: "%"): throw fail("pragmas such as {{%CONTENT_TYPE}} are not supported")
        default: return (.variable, [])
        }
    }

    /// A tag's name, trimmed, as the engine supports it: one word, no transform, no dynamic name.
    private static func checkedName(
        _ name: String, _ fail: (String) -> TemplateSyntaxError
    ) throws(TemplateSyntaxError) -> String {
        guard !name.isEmpty else { throw fail("a tag has no name") }
        if name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            throw fail("a tag name cannot contain spaces: “\(name)”")
        }
        if name.contains("(") || name.contains(")") {
            throw fail("transforms such as “\(name)” are not supported")
        }
        if name.hasPrefix("*") { throw fail("dynamic names such as “\(name)” are not supported") }
        return name
    }

    /// Removes each line that holds only whitespace and one tag that renders nothing in place (a
    /// section tag, a comment, a partial, a parent, a block, a set-delimiter tag). A standalone partial
    /// or parent keeps the line's indentation, to indent what it renders.
    static func standalone(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var lineTokens: [Token] = []
        func isBlank(_ bytes: [UInt8]) -> Bool {
            bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
        func finishLine(_ newline: Token?) {
            var tag: Tag?
            var tags = 0, blank = true
            var indentation: [UInt8] = []
            for token in lineTokens {
                switch token {
                case .tag(let found): tags += 1; tag = found
                case .text(let bytes):
                    if !isBlank(bytes) { blank = false } else if tag == nil { indentation += bytes }
                case .newline: break
                }
            }
            if tags == 1, blank, var tag, tag.kind.canStandAlone {
                tag.indentation = indentation
                result.append(.tag(tag))
            } else {
                result += lineTokens
                if let newline { result.append(newline) }
            }
            lineTokens.removeAll(keepingCapacity: true)
        }
        for token in tokens {
            if case .newline = token { finishLine(token) } else { lineTokens.append(token) }
        }
        finishLine(nil)
        return result
    }

    // MARK: Tree

    private struct Frame {
        var tag: Tag
        var nodes: [TemplateNode] = []
    }

    static func build(_ tokens: [Token]) throws(TemplateSyntaxError) -> [TemplateNode] {
        var frames = [Frame(tag: Tag(kind: .section, name: "", line: 0, column: 0))]
        func append(_ node: TemplateNode) {
            if case .text(let more) = node, case .text(let bytes)? = frames[frames.count - 1].nodes.last {
                frames[frames.count - 1].nodes[frames[frames.count - 1].nodes.count - 1] = .text(bytes + more)
            } else {
                frames[frames.count - 1].nodes.append(node)
            }
        }
        for token in tokens {
            switch token {
            case .text(let bytes), .newline(let bytes): append(.text(bytes))
            case .tag(let tag):
                if frames.count > 1, frames[frames.count - 1].tag.kind == .parent, tag.kind != .block,
                    tag.kind != .close,
                    tag.kind != .comment, tag.kind != .delimiters
                {
                    throw TemplateSyntaxError(
                        line: tag.line, column: tag.column,
                        message: "only {{$block}} tags can be inside {{<\(frames[frames.count - 1].tag.name)}}")
                }
                switch tag.kind {
                case .variable:
                    append(.variable(TemplateName(tag.name, line: tag.line, column: tag.column), escaped: true))
                case .raw: append(.variable(TemplateName(tag.name, line: tag.line, column: tag.column), escaped: false))
                case .partial:
                    append(.partial(tag.name, indentation: tag.indentation, line: tag.line, column: tag.column))
                case .comment, .delimiters: break
                case .section, .inverted, .parent, .block: frames.append(Frame(tag: tag))
                case .close:
                    guard frames.count > 1 else {
                        throw TemplateSyntaxError(
                            line: tag.line, column: tag.column,
                            message: "{{/\(tag.name)}} closes a section that is not open")
                    }
                    let frame = frames.removeLast()
                    guard frame.tag.name == tag.name else {
                        throw TemplateSyntaxError(
                            line: tag.line, column: tag.column,
                            message:
                                "a section is closed with another name than it was opened with: {{/\(tag.name)}}"
                                + " closes “\(frame.tag.name)” (line \(frame.tag.line))"
                        )
                    }
                    switch frame.tag.kind {
                    case .section, .inverted:
                        append(
                            .section(
                                TemplateName(frame.tag.name, line: frame.tag.line, column: frame.tag.column),
                                frame.nodes,
                                inverted: frame.tag.kind == .inverted))
                    case .block: append(.block(frame.tag.name, frame.nodes))
                    default:
                        var overrides: [String: [TemplateNode]] = [:]
                        for case .block(let name, let nodes) in frame.nodes { overrides[name] = nodes }
                        append(
                            .parent(
                                frame.tag.name, overrides: overrides, indentation: frame.tag.indentation,
                                line: frame.tag.line, column: frame.tag.column))
                    }
                }
            }
        }
        if let open = frames.dropFirst().last {
            throw TemplateSyntaxError(
                line: open.tag.line, column: open.tag.column,
                message: "a section is opened but never closed: “\(open.tag.name)”")
        }
        return frames[0].nodes
    }
}
