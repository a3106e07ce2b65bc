import WorldFactsMustache
import WorldFactsSupport

/// The names templates can use: every key any page context provides (see `PageContexts`). A tag that
/// names anything else would render as nothing, silently; the build reports it instead.
public enum TemplateVocabulary {
    /// The names, by the pages that provide them: docs/templates.md ("The names templates can use")
    /// shows this table, and a test holds the two the same.
    public static let byPages: [(pages: String, names: [String])] = [
        (
            "every page",
            [
                "site", "title", "lang", "dir", "credit", "credits", "text", "url", "license", "root", "pageTitle",
                "strings", "none", "searchPlaceholder", "searchLabel", "noResults", "top", "previous", "next",
                "backToIndex", "neighbours", "notFound", "home", "nav", "current", "heading", "data", "builtWith",
                "stylesheet",
            ]
        ),
        (
            "every page of a site with search",
            [
                "search", "script", "scopes", "id", "label", "checked", "onSubmit", "didYouMean", "filters",
                "filterSets", "scope", "name", "values", "slug",
            ]
        ),
        (
            "every page of a site with a feed of changes (`changes:`), as `site.changes` and `site.changesFeed`",
            ["changes", "changesFeed"]
        ),
        (
            "every page of an installable site (`offline:`), as `site.offline.script` and `site.offline.manifest`;"
                + " and `strings`' texts of its button",
            ["offline", "manifest", "saveOffline", "offlineProgress", "offlineSaved", "offlineFailed"]
        ),
        (
            "the page of the feed of changes, `changes.html`",
            ["entries", "time", "day", "created", "counts", "groups", "items", "changed", "old", "new", "oldTitle"]
        ),
        (
            "the 404 page of a site without a base URL, which finds the root where it is served",
            ["findsRoot"]
        ),
        (
            "every page of a site with a base URL (`WebHead`)",
            ["canonical", "pageName", "description", "structuredData"]
        ),
        (
            "a collection's index with data downloads",
            ["downloads", "download"]
        ),
        (
            "the index",
            [
                "isIndex", "sections", "letter", "anchor", "rows", "href", "subtitle", "detail", "strip", "stripStays",
                "topHref",
                "page", "countText", "sectionCount", "hasRows", "parts", "guide",
            ]
        ),
        (
            "a record page",
            ["record", "key", "facts", "value", "links", "note", "noteLead", "noteRest", "back", "lists", "more"]
        ),
        (
            "a record page with a locator map (`map:`)",
            ["map", "src", "marker", "inset", "viewBox", "dots", "x", "y"]
        ),
        (
            "a record page or a group's value page with a bar chart (`charts:`, a group's `chart:`)",
            [
                "charts", "caption", "height", "bars", "textY", "labelX", "labelAnchor", "barX", "barWidth", "valueX",
                "valueAnchor", "axis", "x1", "x2", "ticks", "nameHeader", "valueHeader",
            ]
        ),
        (
            "every page of a site of several languages",
            ["switcher", "alternates", "languages", "hreflang", "fallbackNote", "noteLang", "searchFolder"]
        ),
        (
            "a record page whose templates name its fields (`fields.<field id>`: \"Fields by name\")",
            ["fields", "collection", "raw", "unit", "format", "empty", "count"]
        ),
        (
            "a section whose label another section of the page has too",
            ["sectionName"]
        ),
    ]

    public static let names = Set(byPages.flatMap(\.names))

    /// The table of docs/templates.md: a row per kind of page, its names in code spans.
    public static var markdownTable: String {
        "| pages | names |\n|---|---|\n"
            + byPages.map { "| \($0.pages) | " + $0.names.map { "`\($0)`" }.joined(separator: ", ") + " |" }
            .joined(separator: "\n") + "\n"
    }

    /// The variable names of a parsed template's tags, with their lines: `{{a.b}}` gives a and b, in
    /// variables and section tags, overrides included; comments, partials, parents and block names are
    /// not variables.
    static func variables(in nodes: [TemplateNode]) -> [(name: String, line: Int, column: Int)] {
        var result: [(name: String, line: Int, column: Int)] = []
        TemplateNode.walk(nodes) { node in
            switch node {
            case .variable(let name, _), .section(let name, _, _):
                result += name.parts.map { ($0, name.line, name.column) }
            default: break
            }
        }
        return result
    }

    /// The templates a parsed template includes (`{{>name}}`) or extends (`{{<name}}`), with their tags' lines
    /// and columns.
    static func references(in nodes: [TemplateNode]) -> [(name: String, line: Int, column: Int)] {
        var result: [(name: String, line: Int, column: Int)] = []
        TemplateNode.walk(nodes) { node in
            switch node {
            case .partial(let name, _, let line, let column), .parent(let name, _, _, let line, let column):
                result.append((name, line, column))
            default: break
            }
        }
        return result
    }

    /// The same for template text; nothing if it does not parse.
    public static func variables(in template: String) -> [(name: String, line: Int, column: Int)] {
        (try? TemplateParser.parse(template)).map { variables(in: $0) } ?? []
    }
}
