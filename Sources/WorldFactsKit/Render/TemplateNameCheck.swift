import WorldFactsMustache
import WorldFactsSupport

/// Whether the names a template's tags use are names its pages provide. A tag that names anything else
/// would render as nothing, silently, so each is an error at its template, line and column, naming the
/// pages the template renders and the nearest name they do provide.
///
/// Field ids are names too (`fields.population`): a template of one collection's record pages
/// (`record.cities`, `record.cities.sv`) may name only that collection's fields, since its pages have no
/// other; a template of every collection's pages, or a partial, may name any collection's.
struct TemplateNameCheck {
    /// Each collection's field ids, in their declared order, by collection id.
    let fields: [String: [String]]
    private let allFields: Set<String>

    init(fields: [String: [String]]) {
        self.fields = fields
        allFields = Set(fields.values.joined())
    }

    /// The errors of the template `name` (at `file`), parsed as `nodes`.
    func diagnostics(of name: String, at file: String, _ nodes: [TemplateNode]) -> [Diagnostic] {
        let pages = Pages(template: name, collections: Set(fields.keys))
        let own = pages.collection.flatMap { fields[$0] }
        var diagnostics: [Diagnostic] = []
        visit(nodes, insideFields: false) { part, use, tag in
            let location = SourceLocation(file: file, line: tag.line, column: tag.column)
            // Directly inside `{{#fields}}` a name may still be one found further up the context stack.
            let namesField =
                switch use {
                case .field: true
                case .fieldOrName: allFields.contains(part) || !TemplateVocabulary.names.contains(part)
                case .name: false
                }
            if let own, namesField, !own.contains(part) {
                let others = fields.keys.sorted().filter { fields[$0]!.contains(part) }
                let whose = others.isEmpty ? "" : ", a field of " + others.map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.append(
                    .error(
                        location,
                        "template names the field '\(part)'\(whose), which \(pages.description) do not have"
                            + Self.suggestion(for: part, in: own)))
            } else if !TemplateVocabulary.names.contains(part), !allFields.contains(part) {
                diagnostics.append(
                    .error(
                        location,
                        "template names '\(part)', which no \(pages.singular) provides"
                            + Self.suggestion(for: part, in: TemplateVocabulary.names.union(own ?? Array(allFields)))
                            + " (docs/templates.md lists the names by page)"))
            }
        }
        return diagnostics
    }

    private static func suggestion(for part: String, in names: some Sequence<String>) -> String {
        EditDistance.suggestion(for: part, among: Array(names).sorted())
    }

    /// How a part of a tag's name is used: it follows `fields.` (a field id), it begins a tag directly
    /// inside a `{{#fields}}` section (a field id, or a name further up the stack), or it is a name.
    enum Use { case field, fieldOrName, name }

    /// Calls `check` with each part of each tag's name, its use and its tag.
    private func visit(_ nodes: [TemplateNode], insideFields: Bool, _ check: (String, Use, TemplateName) -> Void) {
        for node in nodes {
            switch node {
            case .text, .partial: break
            case .variable(let name, _): parts(of: name, insideFields: insideFields, check)
            case .section(let name, let body, _):
                parts(of: name, insideFields: insideFields, check)
                visit(body, insideFields: name.parts.last == "fields", check)
            case .block(_, let body): visit(body, insideFields: insideFields, check)
            case .parent(_, let overrides, _, _, _):
                for block in overrides.keys.sorted() { visit(overrides[block]!, insideFields: false, check) }
            }
        }
    }

    private func parts(of name: TemplateName, insideFields: Bool, _ check: (String, Use, TemplateName) -> Void) {
        for (position, part) in name.parts.enumerated() {
            let use: Use =
                position > 0
                ? (name.parts[position - 1] == "fields" ? .field : .name)
                : insideFields ? (name.currentOnly ? .field : .fieldOrName) : .name
            check(part, use, name)
        }
    }

    /// The pages a template renders, by its name (`TemplateLookup`): its kind and, for a template of
    /// one collection's pages, that collection.
    struct Pages {
        var kind: TemplateLookup.Kind?
        var collection: String?

        init(template: String, collections: Set<String>) {
            let parts = template.split(separator: ".").map(String.init)
            kind = parts.first.flatMap(TemplateLookup.Kind.init(rawValue:))
            if kind != nil, parts.count > 1, collections.contains(parts[1]), kind != .group, kind != .groups {
                collection = parts[1]
            }
        }

        /// "record page of 'cities'", "page" for a layout or partial.
        var singular: String {
            guard let kind else { return "page" }
            return kind.pageName + (collection.map { " of '\($0)'" } ?? "")
        }

        /// "the record pages of 'cities'".
        var description: String {
            guard let kind else { return "its pages" }
            return "the \(kind.pageName)s" + (collection.map { " of '\($0)'" } ?? "")
        }
    }
}

extension TemplateLookup.Kind {
    /// What its pages are called in messages.
    var pageName: String {
        switch self {
        case .record: "record page"
        case .index: "index page"
        case .section: "section page"
        case .list: "complete list page"
        case .group: "group value page"
        case .groups: "group overview page"
        case .home: "home page"
        case .notFound: "404 page"
        case .changes: "page of changes"
        }
    }
}
