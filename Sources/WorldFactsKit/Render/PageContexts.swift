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
            ],
        ]
    }

    func rowContext(_ row: IndexRow, root: String) -> [String: Any] {
        var values: [String: Any] = ["title": row.title, "href": root + row.path]
        if let subtitle = row.subtitle { values["subtitle"] = subtitle }
        if let detail = row.detail { values["detail"] = detail }
        return values
    }

    public func index(extra: [String: Any] = [:]) -> [String: Any] {
        var context = common(root: "", pageTitle: site.config.title)
        context["isIndex"] = true
        context["sections"] = site.sections.map { section -> [String: Any] in
            ["letter": section.letter, "anchor": section.anchor,
             "rows": section.range.map { rowContext(row($0), root: "") }]
        }
        context["strip"] = site.sections.map { ["letter": $0.letter, "anchor": $0.anchor] }
        context.merge(extra) { _, new in new }
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
        context["back"] = ["href": recordRoot + "index.html#" + section.anchor, "letter": section.letter]
        return context
    }
}
