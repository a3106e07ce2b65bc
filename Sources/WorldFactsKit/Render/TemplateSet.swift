import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// The compiled Mustache templates. Syntax errors name the template file, line and column.
public struct TemplateSet: Sendable {
    static let required = ["layout", "index", "record"]
    let renderer: TemplateRenderer
    /// Every template's name and text, for page fingerprints: editing any template renders every page.
    public let fingerprint: String

    public init(theme: Theme) throws(StageFailure) {
        var parsed: [String: [TemplateNode]] = [:]
        var diagnostics: [Diagnostic] = []
        for name in Self.required where theme.templates[name] == nil {
            diagnostics.append(
                .error(SourceLocation(file: joinPath(theme.folder, "\(name).mustache")), "missing template"))
        }
        for (name, text) in theme.templates.sorted(by: { $0.key < $1.key }) {
            let file = joinPath(theme.folder, "\(name).mustache")
            let nodes: [TemplateNode]
            do {
                nodes = try TemplateParser.parse(text)
            } catch {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let line = error.line <= lines.count ? String(lines[error.line - 1]).trimmingWhitespace() : ""
                diagnostics.append(
                    .error(
                        SourceLocation(file: file, line: error.line, column: error.column),
                        "template syntax error: \(error.message) in “\(line)”"))
                continue
            }
            parsed[name] = nodes
            for (variable, line) in TemplateVocabulary.variables(in: nodes)
            where !TemplateVocabulary.names.contains(variable) {
                diagnostics.append(
                    .error(
                        SourceLocation(file: file, line: line),
                        "template names '\(variable)', which no page provides"
                            + " (see Render/TemplateVocabulary.swift for the names)"
                    ))
            }
        }
        // A partial or parent that names no template would render as nothing.
        for (name, nodes) in parsed.sorted(by: { $0.key < $1.key }) {
            for (target, line) in TemplateVocabulary.references(in: nodes)
            where parsed[target] == nil && theme.templates[target] == nil {
                diagnostics.append(
                    .error(
                        SourceLocation(file: joinPath(theme.folder, "\(name).mustache"), line: line),
                        "template includes '\(target)', which is not a template"
                            + " (expected \(joinPath(theme.folder, "\(target).mustache")))"
                    ))
            }
        }
        if !diagnostics.isEmpty { throw StageFailure(diagnostics) }
        renderer = TemplateRenderer(templates: parsed)
        var all = ContextFingerprint()
        for (name, text) in theme.templates.sorted(by: { $0.key < $1.key }) { all.add(name); all.add(text) }
        fingerprint = all.value
    }

    public func has(_ name: String) -> Bool { renderer.templates[name] != nil }

    public func render(_ context: TemplateValue, with name: String) -> [UInt8] {
        renderer.render(name, context: context)
    }

    /// `render`, from a plan of the context's shape (`TemplatePlans`): for the many pages of a template
    /// that share a few shapes, as a collection's record pages do.
    public func renderPlanned(_ context: TemplateValue, with name: String) -> [UInt8] {
        renderer.renderPlanned(name, context: context)
    }

    /// `renderPlanned` of a context written on demand: a page of a shape seen before is written only as
    /// its outline (`ContextOutline`).
    public func renderPlanned(_ source: some ContextSource, with name: String) -> [UInt8] {
        renderer.renderPlanned(name, source: source)
    }
}
