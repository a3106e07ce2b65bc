/// The names templates can use: every key any page context provides (see `PageContexts`). A tag that
/// names anything else would render as nothing, silently; the build reports it instead.
public enum TemplateVocabulary {
    public static let names: Set<String> = [
        // every page
        "site", "title", "lang", "credit", "text", "url", "license", "root", "pageTitle", "strings",
        "none", "searchPlaceholder", "searchLabel", "noResults", "top", "previous", "next", "backToIndex",
        "neighbours", "notFound",
        // the index
        "isIndex", "sections", "letter", "anchor", "rows", "href", "subtitle", "detail", "strip", "search",
        "manifest", "scopes", "id", "label", "checked", "topHref", "page", "countText", "sectionCount", "hasRows",
        // a record page
        "record", "key", "facts", "value", "links", "note", "back",
    ]

    /// The variable names of a template's tags, with their lines: `{{a.b}}` gives a and b; comments,
    /// partials, parents, block names and closing tags are not variables. After a set-delimiter tag the
    /// rest of the template is not checked.
    public static func variables(in template: String) -> [(name: String, line: Int)] {
        var result: [(String, Int)] = []
        var line = 1
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            var tag = rest[..<close.lowerBound]
            line += tag.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            rest = rest[close.upperBound...]
            if tag.hasPrefix("{") { tag = tag.dropFirst(); if rest.hasPrefix("}") { rest = rest.dropFirst() } }
            guard let sigil = tag.first else { continue }
            switch sigil {
            case "!", ">", "<", "$", "/": continue
            case "=": return result
            case "#", "^", "&": tag = tag.dropFirst()
            default: break
            }
            let name = tag.trimmingCharacters(in: .whitespaces)
            if name == "." || name.isEmpty { continue }
            // Transforms (`{{uppercased(name)}}`) wrap the name in parentheses.
            let bare = name.split(separator: "(").last.map { $0.split(separator: ")").first ?? $0 } ?? Substring(name)
            for part in bare.split(separator: ".") { result.append((String(part), line)) }
        }
        return result
    }
}

import Foundation
