import CCmark

/// Markdown notes to HTML through libcmark. Safe by default: cmark omits raw HTML and drops
/// `javascript:`, `vbscript:`, `file:` and most `data:` links; `unsafe` passes raw HTML through.
public struct Markdown: Sendable {
    public var unsafe: Bool

    public init(unsafe: Bool = false) { self.unsafe = unsafe }

    /// How cmark renders: smart punctuation, and raw HTML only when `unsafe`.
    private var options: Int32 { CMARK_OPT_DEFAULT | CMARK_OPT_SMART | (unsafe ? CMARK_OPT_UNSAFE : 0) }

    public func html(_ markdown: String) -> String {
        var source = markdown
        return source.withUTF8 { buffer in
            guard let base = buffer.baseAddress,
                let rendered = base.withMemoryRebound(
                    to: CChar.self, capacity: buffer.count,
                    { pointer in
                        cmark_markdown_to_html(pointer, buffer.count, options)
                    })
            else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }
}

extension Markdown {
    /// The text of a note's first paragraph, without its markup (a link's text, not its address), for a
    /// page's description; nil when the note has no paragraph at its top level.
    public func firstParagraph(_ markdown: String) -> String? {
        withDocument(markdown) { Self.firstParagraph(of: $0).flatMap(Self.text(of:)) }
    }

    /// The first paragraph at a document's top level.
    private static func firstParagraph(of document: OpaquePointer) -> OpaquePointer? {
        var paragraph = cmark_node_first_child(document)
        while let node = paragraph, cmark_node_get_type(node) != CMARK_NODE_PARAGRAPH {
            paragraph = cmark_node_next(node)
        }
        return paragraph
    }

    /// A note's HTML whole, as `html(_:)` gives it, and in two parts: its first paragraph at the top level,
    /// and the rest (the blocks before that paragraph and after it), from one parse. The parts are nil when
    /// the note has no paragraph at its top level.
    public func lead(_ markdown: String) -> (whole: String, parts: (lead: String, rest: String)?) {
        let options = options
        let made = withDocument(markdown) { document -> (String, (String, String)?) in
            let whole = Self.rendered(document, options) ?? ""
            guard let paragraph = Self.firstParagraph(of: document), let lead = Self.rendered(paragraph, options)
            else { return (whole, nil) }
            // Unlinked, the paragraph is the caller's to free: the document no longer holds it.
            cmark_node_unlink(paragraph)
            defer { cmark_node_free(paragraph) }
            return (whole, (lead, Self.rendered(document, options) ?? ""))
        }
        return made ?? (html(markdown), nil)
    }

    /// A node and what is below it as HTML.
    private static func rendered(_ node: OpaquePointer, _ options: Int32) -> String? {
        guard let html = cmark_render_html(node, options) else { return nil }
        defer { free(html) }
        return String(cString: html)
    }

    /// The whole text of a note, without its markup, one line per block (paragraph, heading, list item,
    /// code block), for a full-text search scope. Raw HTML is left out, whatever `unsafe` says: it is
    /// markup, not text, and a snippet must never carry it.
    public func plainText(_ markdown: String) -> String {
        withDocument(markdown) { Self.text(of: $0) } ?? ""
    }

    /// Calls `body` with the parsed document of `markdown`; nil when it cannot be parsed.
    private func withDocument<Result>(_ markdown: String, _ body: (OpaquePointer) -> Result?) -> Result? {
        var source = markdown
        return source.withUTF8 { buffer -> Result? in
            guard let base = buffer.baseAddress,
                let document = base.withMemoryRebound(
                    to: CChar.self, capacity: buffer.count,
                    { pointer in cmark_parse_document(pointer, buffer.count, CMARK_OPT_DEFAULT | CMARK_OPT_SMART) })
            else { return nil }
            defer { cmark_node_free(document) }
            return body(document)
        }
    }

    /// The literal text below `node`: text and code, a break as a space, a new line before each block
    /// after the first.
    private static func text(of node: OpaquePointer) -> String? {
        guard let iterator = cmark_iter_new(node) else { return nil }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            case CMARK_NODE_CODE_BLOCK:
                if !text.isEmpty { text += "\n" }
                if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                if !text.isEmpty { text += "\n" }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: break
            }
        }
        return text
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
