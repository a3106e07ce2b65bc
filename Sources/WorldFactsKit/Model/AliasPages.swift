import WorldFactsSupport

/// The former keys of a collection's records (`aliases:` names the field that lists them), each given a
/// redirect page to its record's page, so that old links keep working: `<pages>/<slug of the alias>.html`.
/// An alias may name no other record, and no two records may share one: a redirect page would then
/// take another record's page, or lead to two.
public struct AliasPages: Sendable {
    /// Each alias's page slug, and the position of the record it leads to, in the collection's order.
    public let pages: [(slug: String, position: Int)]
    public let problems: [Diagnostic]

    public init(_ collection: RecordCollection) {
        guard let field = collection.spec.aliases else {
            pages = []
            problems = []
            return
        }
        let fieldID = collection.spec.fields[field].id
        var pages: [(slug: String, position: Int)] = []
        var problems: [Diagnostic] = []
        // Slugs taken by records' pages, then by aliases, with who took them.
        var owner: [String: (position: Int, alias: String?)] = [:]
        for position in collection.records.indices where !collection.slugs[position].isEmpty {
            owner[collection.slugs[position]] = (position, nil)
        }
        for (position, record) in collection.records.enumerated() {
            for alias in record.values[field].texts where alias != record.key {
                guard let slug = Slug.make(from: alias) else {
                    problems.append(
                        .error(
                            collection.location(of: record), record: record.key, field: fieldID,
                            "alias '\(alias)' gives no usable page name; use letters or digits"))
                    continue
                }
                if let taken = owner[slug] {
                    if taken.position == position { continue }  // its own page, or an alias it lists twice
                    let other = collection.records[taken.position]
                    let what =
                        taken.alias.map {
                            "record '\(other.key)' (line \(other.line)) lists it as an alias too ('\($0)')"
                        }
                        ?? "it is the page of record '\(other.key)' (line \(other.line))"
                    problems.append(
                        .error(
                            collection.location(of: record), record: record.key, field: fieldID,
                            "alias '\(alias)' would take the page '\(slug).html', but \(what); an alias must name"
                                + " no other record"))
                    continue
                }
                owner[slug] = (position, alias)
                pages.append((slug, position))
            }
        }
        self.pages = pages
        self.problems = problems
    }

    /// The path of an alias's redirect page.
    public func path(of page: Int, in collection: RecordCollection) -> String {
        RecordCollection.pagePath(folder: collection.spec.records.pagesFolder, slug: pages[page].slug)
    }
}
