/// A parsed Mustache template: a tree of these, with text as UTF-8 bytes ready to copy out.
indirect enum TemplateNode: Sendable, Hashable {
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not).
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`; a standalone partial indents every line it renders by its own indentation.
    case partial(String, indentation: [UInt8], line: Int)
    /// `{{<name}}{{$block}}…{{/block}}{{/name}}`: the named template, with these blocks overridden.
    case parent(String, overrides: [String: [TemplateNode]], indentation: [UInt8], line: Int)
    /// `{{$name}}default{{/name}}`: the override of that name, or the default.
    case block(String, [TemplateNode])
}

extension TemplateNode {
    /// Calls `visit` with every node of a tree, depth first, in order: inside sections, blocks and the
    /// overrides of parents (by block name).
    static func walk(_ nodes: [TemplateNode], _ visit: (TemplateNode) -> Void) {
        for node in nodes {
            visit(node)
            switch node {
            case .text, .variable, .partial: break
            case .section(_, let body, _), .block(_, let body): walk(body, visit)
            case .parent(_, let overrides, _, _):
                for name in overrides.keys.sorted() { walk(overrides[name]!, visit) }
            }
        }
    }
}

/// A tag's name: `.` (the current value, no parts) or dotted parts. A leading dot (`{{.a}}`) looks in
/// the current value only, not up the context stack.
struct TemplateName: Sendable, Hashable {
    var parts: [String]
    var currentOnly: Bool
    /// Where the tag is, for messages about the names it uses.
    var line: Int

    init(_ text: String, line: Int = 0) {
        self.line = line
        currentOnly = text.first == "." && text.count > 1
        parts = text == "." ? [] : text.split(separator: ".").map(String.init)
    }
}
