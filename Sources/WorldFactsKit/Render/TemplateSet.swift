import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// The compiled Mustache templates. Syntax errors name the template file, line and column.
public struct TemplateSet: Sendable {
    static let required = ["layout", "index", "record"]
    let renderer: TemplateRenderer
    /// Every template's name and text, for page fingerprints: editing any template renders every page.
    public let fingerprint: String
    /// Every template's name.
    public let names: Set<String>
    /// The templates another includes, as a partial or a parent.
    public let included: Set<String>
    /// Every name a tag of any template uses (each part of `a.b`).
    public let used: Set<String>
    /// Whether a row of an index, list or group page may read the other rows (`RowSplice.rowsReachTheirList`:
    /// the rows are a page's `sections.rows`): a walk of the program, made once.
    let rowsReachTheirList: Bool

    /// `fields`: each collection's field ids by collection id, which a record page's `fields` names
    /// (`NamedFields`).
    public init(theme: Theme, fields: [String: [String]] = [:]) throws(StageFailure) {
        let check = TemplateNameCheck(fields: fields)
        var parsed: [String: [TemplateNode]] = [:]
        var diagnostics: [Diagnostic] = []
        var used = Set<String>()
        for name in Self.required where theme.templates[name] == nil {
            diagnostics.append(
                .error(SourceLocation(file: theme.path(of: name)), "missing template"))
        }
        for (name, text) in theme.templates.sorted(by: { $0.key < $1.key }) {
            let file = theme.path(of: name)
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
            used.formUnion(TemplateVocabulary.variables(in: nodes).map(\.name))
            diagnostics += check.diagnostics(of: name, at: file, nodes)
        }
        // A partial or parent that names no template would render as nothing.
        var included = Set<String>()
        for (name, nodes) in parsed.sorted(by: { $0.key < $1.key }) {
            let references = TemplateVocabulary.references(in: nodes)
            included.formUnion(references.map(\.0))
            for (target, line, column) in references where parsed[target] == nil && theme.templates[target] == nil {
                // A partial named without its folder (`search` for `partials/search`), else the nearest name.
                let names = parsed.keys.sorted()
                let near =
                    (names.first { $0.hasSuffix("/" + target) } ?? EditDistance.nearest(to: target, in: names))
                    .map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.append(
                    .error(
                        SourceLocation(file: theme.path(of: name), line: line, column: column),
                        "template includes '\(target)', which is not a template"
                            + " (expected \(theme.path(of: target)))\(near)"
                    ))
            }
        }
        if !diagnostics.isEmpty { throw StageFailure(diagnostics) }
        renderer = TemplateRenderer(templates: parsed)
        rowsReachTheirList = RowSplice.rowsReachTheirList(renderer, path: ["sections", "rows"])
        names = Set(parsed.keys)
        self.included = included
        self.used = used
        var all = ContextFingerprint()
        for (name, text) in theme.templates.sorted(by: { $0.key < $1.key }) { all.add(name); all.add(text) }
        fingerprint = all.value
    }

    public func has(_ name: String) -> Bool { renderer.templates[name] != nil }

    /// Whether record pages are to name their fields by id: a template uses `fields` or `collection`.
    public var namesFields: Bool { used.contains("fields") || used.contains("collection") }

    /// Whether record pages are to give their note's first paragraph apart: a template uses `noteLead` or
    /// `noteRest`.
    public var leadsNotes: Bool { used.contains("noteLead") || used.contains("noteRest") }

    /// A warning for each template of the site's own folder that no page of a site of `config` is
    /// rendered with and no template includes: a name that matches no page kind, collection or group
    /// (`TemplateLookup`), with the nearest that would.
    public static func unused(in theme: Theme, templates: TemplateSet, config: SiteConfig) -> [Diagnostic] {
        let pageNames = TemplateLookup.pageTemplateNames(of: config)
        return theme.templates.keys.sorted().compactMap { name in
            guard !theme.isBuiltIn(name), !pageNames.contains(name),
                !templates.included.contains(name)
            else { return nil }
            let near =
                (byFolder(name, config).flatMap { pageNames.contains($0) ? $0 : nil }
                ?? EditDistance.nearest(to: name, in: pageNames.sorted())).map { "; did you mean '\($0)'?" } ?? ""
            return .warning(
                SourceLocation(file: theme.path(of: name)),
                "no page is rendered with this template, and no template includes it\(near)"
                    + " (docs/templates.md, \"Which template renders a page\")")
        }
    }

    /// `name` with a collection's pages folder in place of its id (`record.elements` for the collection
    /// `records` whose pages are `elements/`) named by the id: the folder is what its author sees.
    static func byFolder(_ name: String, _ config: SiteConfig) -> String? {
        var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2,
            let collection = config.collections.first(where: { $0.records.pagesFolder == parts[1] })
        else { return nil }
        parts[1] = collection.id
        return parts.joined(separator: ".")
    }

    public func render(_ context: TemplateValue, with name: String) -> [UInt8] {
        renderer.render(name, context: context)
    }

    /// `render`, with where each marked element of a list went (`TemplateRenderer.renderMarking`).
    func renderMarking(_ context: TemplateValue, with name: String) -> (bytes: [UInt8], marks: [ElementMark.Found]) {
        renderer.renderMarking(name, context: context)
    }

    /// Whether a standalone partial or parent is indented (`TemplateRenderer.indentsIncludes`).
    var indentsIncludes: Bool { renderer.indentsIncludes }

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
