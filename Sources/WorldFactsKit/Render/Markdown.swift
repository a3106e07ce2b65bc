import CCmark

/// Markdown notes to HTML through libcmark. Safe by default: cmark omits raw HTML and drops
/// `javascript:`, `vbscript:`, `file:` and most `data:` links; `unsafe` passes raw HTML through.
public struct Markdown: Sendable {
    public var unsafe: Bool

    public init(unsafe: Bool = false) { self.unsafe = unsafe }

    public func html(_ markdown: String) -> String {
        var options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART
        if unsafe { options |= CMARK_OPT_UNSAFE }
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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
