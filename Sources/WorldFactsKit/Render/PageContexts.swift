/// A row of the index, shared by the index page and the search results.
public struct IndexRow: Sendable, Hashable {
    public var title: String
    /// Relative to the output root.
    public var path: String
    public var subtitle: String?
    public var detail: String?
}

/// Builds the values the Mustache templates see. Pure: a `Site` in, dictionaries out.
public struct PageContexts: Sendable {
    public let site: Site
    public let formatter: ValueFormatter
    let markdown: Markdown
    /// How deep the record pages are below the root, as a prefix back up ("../").
    let recordRoot: String

    public init(site: Site) {
        self.site = site
        formatter = ValueFormatter(config: site.config)
        markdown = Markdown(unsafe: site.config.unsafeRawHTML)
        recordRoot = String(repeating: "../", count: site.config.records.pagesFolder.split(separator: "/").count)
    }

    public func row(_ position: Int) -> IndexRow {
        let record = site.records[position]
        let index = site.config.index
        return IndexRow(
            title: record.title,
            path: site.pagePath(of: position),
            subtitle: index.subtitle.map { formatter.text(record, $0, config: site.config) },
            detail: index.detail.map { index.detailLabel.isEmpty ? formatter.text(record, $0, config: site.config)
                : index.detailLabel + " " + formatter.text(record, $0, config: site.config) })
    }

    func common(root: String, pageTitle: String) -> [String: Any] {
        let config = site.config
        var siteValues: [String: Any] = ["title": config.title, "lang": config.locale]
        if let credit = config.credit {
            siteValues["credit"] = ["text": credit.text, "url": credit.url, "license": credit.license]
        }
        let strings = config.strings
        return [
            "site": siteValues,
            "root": root,
            "pageTitle": pageTitle,
            "strings": [
                "none": strings.none, "searchPlaceholder": strings.searchPlaceholder, "searchLabel": strings.searchLabel,
                "noResults": strings.noResults, "top": strings.top, "previous": strings.previous, "next": strings.next,
                "backToIndex": strings.backToIndex, "neighbours": strings.neighbours, "notFound": strings.notFound,
                "sectionCount": strings.sectionCount,
            ],
        ]
    }

    func rowContext(_ row: IndexRow, root: String) -> [String: Any] {
        var values: [String: Any] = ["title": row.title, "href": root + row.path]
        if let subtitle = row.subtitle { values["subtitle"] = subtitle }
        if let detail = row.detail { values["detail"] = detail }
        return values
    }

    /// The section strip as seen from a page at `root`: links to the anchors on this page, or to the
    /// section pages of a split index.
    func strip(root: String, onPage: String) -> [[String: Any]] {
        site.sections.indices.map { position in
            let section = site.sections[position]
            let page = site.sectionPagePath(of: position)
            return ["letter": section.letter, "anchor": section.anchor,
                    "href": (page == onPage ? "" : root + page) + "#" + section.anchor]
        }
    }

    /// The index page: every section with its rows, or, when the index is split, every section with a
    /// link to its page and its count.
    public func index(extra: [String: Any] = [:]) -> [String: Any] {
        var context = common(root: "", pageTitle: site.config.title)
        context["isIndex"] = true
        context["topHref"] = "#top"
        context["sections"] = site.sections.indices.map { position -> [String: Any] in
            let section = site.sections[position]
            var values: [String: Any] = ["letter": section.letter, "anchor": section.anchor]
            if site.isIndexSplit {
                values["page"] = site.sectionPagePath(of: position) + "#" + section.anchor
                values["countText"] = site.config.strings.sectionCount.replacingOccurrences(of: "{count}", with: formatter.numbers.format(section.range.count))
            } else {
                values["rows"] = section.range.map { rowContext(row($0), root: "") }
                values["hasRows"] = true
            }
            return values
        }
        context["strip"] = strip(root: "", onPage: "index.html")
        context.merge(extra) { _, new in new }
        return context
    }

    /// One section's page of a split index.
    public func sectionPage(_ position: Int) -> [String: Any] {
        let section = site.sections[position]
        let root = "../"
        var context = common(root: root, pageTitle: "\(section.letter) — \(site.config.title)")
        context["isIndex"] = true
        context["topHref"] = root + "index.html#top"
        context["sections"] = [["letter": section.letter, "anchor": section.anchor, "hasRows": true,
                                "rows": section.range.map { rowContext(row($0), root: root) }]]
        context["strip"] = strip(root: root, onPage: site.sectionPagePath(of: position))
        return context
    }

    public func notFound() -> [String: Any] {
        common(root: "", pageTitle: "\(site.config.strings.notFound) — \(site.config.title)")
    }

    public func record(_ position: Int) -> [String: Any] {
        let record = site.records[position]
        let config = site.config
        var context = common(root: recordRoot, pageTitle: "\(record.title) — \(config.title)")
        var facts: [[String: Any]] = []
        for (fieldPosition, field) in config.fields.enumerated() where field.show {
            var fact: [String: Any] = ["label": field.label, "id": field.id]
            let value = record.values[fieldPosition]
            if field.format == .links, case .list(let targets) = value, !targets.isEmpty {
                fact["links"] = targets.map { key -> [String: Any] in
                    guard let target = site.position(ofKey: key) else { return ["text": key] }
                    return ["text": site.records[target].title, "href": recordRoot + site.pagePath(of: target)]
                }
            } else {
                fact["value"] = formatter.text(value, field)
            }
            facts.append(fact)
        }
        let section = site.sections[site.sectionOfRecord[position]]
        context["record"] = ["title": record.title, "key": record.key]
        context["facts"] = facts
        if let note = site.notes[position] { context["note"] = markdown.html(note.markdown) }
        if position > 0 {
            context["previous"] = ["title": site.records[position - 1].title, "href": recordRoot + site.pagePath(of: position - 1)]
        }
        if position + 1 < site.records.count {
            context["next"] = ["title": site.records[position + 1].title, "href": recordRoot + site.pagePath(of: position + 1)]
        }
        context["back"] = ["href": recordRoot + site.sectionPagePath(of: site.sectionOfRecord[position]) + "#" + section.anchor,
                           "letter": section.letter]
        return context
    }
}
