/// A parsed Mustache template: a tree of these, with text as UTF-8 bytes ready to copy out.
public indirect enum TemplateNode: Sendable, Hashable {
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not).
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`; a standalone partial indents every line it renders by its own indentation.
    case partial(String, indentation: [UInt8], line: Int, column: Int)
    /// `{{<name}}{{$block}}…{{/block}}{{/name}}`: the named template, with these blocks overridden.
    case parent(String, overrides: [String: [TemplateNode]], indentation: [UInt8], line: Int, column: Int)
    /// `{{$name}}default{{/name}}`: the override of that name, or the default.
    case block(String, [TemplateNode])
}

extension TemplateNode {
    /// Calls `visit` with every node of a tree, depth first, in order: inside sections, blocks and the
    /// overrides of parents (by block name).
    public static func walk(_ nodes: [TemplateNode], _ visit: (TemplateNode) -> Void) {
        for node in nodes {
            visit(node)
            switch node {
            case .text, .variable, .partial: break
            case .section(_, let body, _), .block(_, let body): walk(body, visit)
            case .parent(_, let overrides, _, _, _):
                for name in overrides.keys.sorted() { walk(overrides[name]!, visit) }
            }
        }
    }
}
