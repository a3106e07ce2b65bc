import WorldFactsModel
import WorldFactsSupport

/// Which template renders a page: the first of its candidates the theme has, from the most particular to
/// the built-in one. For a page of kind `kind` that belongs to `owner` (its collection's id, or for a
/// group's pages the group's name), in the language `language` (its id, in a site of several):
/// `kind.owner.language`, `kind.owner`, `kind.language`, `kind`, then the template the built-in set
/// renders that kind with (`index` for every page that lists records, docs/templates.md). So
/// `record.countries.mustache` renders the countries' record pages only, and `section.mustache` every
/// section page, each falling back to the one below it where it is not there.
public struct TemplateLookup: Sendable {
    /// The kinds of pages a template can render.
    public enum Kind: String, CaseIterable, Sendable {
        case record, index, section, list, group, groups, home, changes
        case notFound = "404"

        /// The template the built-in set renders this kind with.
        public var builtIn: String {
            switch self {
            case .record: "record"
            case .notFound: "404"
            case .changes: "changes"
            case .index, .section, .list, .group, .groups, .home: "index"
            }
        }
    }

    /// The names of the theme's templates.
    let names: Set<String>
    /// The site's language's id, when it has several.
    let language: String?

    public init(templates: some Sequence<String>, config: SiteConfig) {
        names = Set(templates)
        language = config.languages.count > 1 ? config.languages[config.language].id : nil
    }

    /// The candidates for a page, most particular first.
    func candidates(_ kind: Kind, owner: String?) -> [String] {
        let base = kind.rawValue
        var names: [String] = []
        if let owner {
            if let language { names.append(base + "." + owner + "." + language) }
            names.append(base + "." + owner)
        }
        if let language { names.append(base + "." + language) }
        return names + [base, kind.builtIn]
    }

    /// The template that renders a page of `kind` that belongs to `owner`.
    public func template(_ kind: Kind, owner: String? = nil) -> String {
        candidates(kind, owner: owner).first(where: names.contains) ?? kind.builtIn
    }

    /// Every name a page of `site` could be rendered with, by any language of it: what a template of a
    /// site's own folder may be named, besides partials and parents.
    public static func pageTemplateNames(of config: SiteConfig) -> Set<String> {
        let owners: [(Kind, [String])] = [
            (.record, config.collections.map(\.id)), (.index, config.collections.map(\.id)),
            (.section, config.collections.map(\.id)), (.list, config.collections.map(\.id)),
            (.group, config.collections.flatMap { $0.groups.map(\.name) }),
            (.groups, config.collections.flatMap { $0.groups.map(\.name) }), (.home, []), (.notFound, []),
            (.changes, []),
        ]
        let languages = config.languages.count > 1 ? config.languages.map(\.id) : []
        var names = Set<String>()
        for (kind, owners) in owners {
            for name in [kind.rawValue] + owners.map({ kind.rawValue + "." + $0 }) {
                names.insert(name)
                for language in languages { names.insert(name + "." + language) }
            }
        }
        return names
    }
}
