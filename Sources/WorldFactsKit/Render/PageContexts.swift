import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// Builds the values the Mustache templates see. Pure: a `Site` in, `TemplateValue`s out.
public struct PageContexts: Sendable {
    public let site: Site
    public let formatter: ValueFormatter
    let markdown: Markdown
    /// How deep the record pages are below the root, as a prefix back up ("../").
    let recordRoot: String
    let shared: Shared
    /// Everything site.yml says, as text: every field of the config, whatever later fields it gains
    /// (see `configText(of:)`).
    let configText: String

    public init(site: Site) {
        self.site = site
        formatter = ValueFormatter(config: site.config)
        markdown = Markdown(unsafe: site.config.unsafeRawHTML)
        recordRoot = String(repeating: "../", count: site.config.records.pagesFolder.split(separator: "/").count)
        shared = Shared(config: site.config)
        configText = Self.configText(of: site.config)
    }

    public func row(_ position: Int) -> IndexRow {
        let record = site.records[position]
        let index = site.config.index
        return IndexRow(
            title: record.title,
            path: site.pagePath(of: position),
            subtitle: index.subtitle.map { formatter.text(record, $0, config: site.config) },
            detail: index.detail.map {
                index.detailLabel.isEmpty
                    ? formatter.text(record, $0, config: site.config)
                    : index.detailLabel + " " + formatter.text(record, $0, config: site.config)
            })
    }

    func common(root: String, pageTitle: String) -> TemplateObject {
        ["site": shared.site, "root": .text(root), "pageTitle": .text(pageTitle), "strings": shared.strings]
    }

    /// The values every page shows the same: built once, shared by every page's context.
    struct Shared: Sendable {
        var site: TemplateValue
        var strings: TemplateValue

        init(config: SiteConfig) {
            var siteValues: TemplateObject = ["title": .text(config.title), "lang": .text(config.locale)]
            if let credit = config.credit {
                siteValues["credit"] = [
                    "text": .text(credit.text), "url": .text(credit.url), "license": .text(credit.license),
                ]
            }
            site = .object(siteValues)
            let strings = config.strings
            self.strings = [
                "none": .text(strings.none), "searchPlaceholder": .text(strings.searchPlaceholder),
                "searchLabel": .text(strings.searchLabel), "noResults": .text(strings.noResults),
                "top": .text(strings.top),
                "previous": .text(strings.previous), "next": .text(strings.next),
                "backToIndex": .text(strings.backToIndex),
                "neighbours": .text(strings.neighbours), "notFound": .text(strings.notFound),
                "sectionCount": .text(strings.sectionCount),
            ]
        }
    }

    func rowContext(_ row: IndexRow, root: String) -> TemplateValue {
        var values: TemplateObject = ["title": .text(row.title), "href": .text(root + row.path)]
        if let subtitle = row.subtitle { values["subtitle"] = .text(subtitle) }
        if let detail = row.detail { values["detail"] = .text(detail) }
        return .object(values)
    }

    /// The section strip as seen from a page at `root`: links to the anchors on this page, or to the
    /// section pages of a split index.
    func strip(root: String, onPage: String) -> TemplateValue {
        .list(
            site.sections.indices.map { position in
                let section = site.sections[position]
                let page = site.sectionPagePath(of: position)
                return [
                    "letter": .text(section.letter), "anchor": .text(section.anchor),
                    "href": .text((page == onPage ? "" : root + page) + "#" + section.anchor),
                ]
            })
    }

    /// The index page: every section with its rows, or, when the index is split, every section with a
    /// link to its page and its count.
    public func index(extra: TemplateObject = [:]) -> TemplateValue {
        var context = common(root: "", pageTitle: site.config.title)
        context["isIndex"] = true
        context["topHref"] = "#top"
        context["sections"] = .list(
            site.sections.indices.map { position -> TemplateValue in
                let section = site.sections[position]
                var values: TemplateObject = ["letter": .text(section.letter), "anchor": .text(section.anchor)]
                if site.isIndexSplit {
                    values["page"] = .text(site.sectionPagePath(of: position) + "#" + section.anchor)
                    values["countText"] = .text(
                        site.config.strings.sectionCount.replacingOccurrences(
                            of: "{count}", with: formatter.numbers.format(section.range.count)))
                } else {
                    values["rows"] = .list(section.range.map { rowContext(row($0), root: "") })
                    values["hasRows"] = true
                }
                return .object(values)
            })
        context["strip"] = strip(root: "", onPage: "index.html")
        for entry in extra.entries { context[entry.key] = entry.value }
        return .object(context)
    }

    /// One section's page of a split index.
    public func sectionPage(_ position: Int) -> TemplateValue {
        let section = site.sections[position]
        let root = "../"
        var context = common(root: root, pageTitle: "\(section.letter) — \(site.config.title)")
        context["isIndex"] = true
        context["topHref"] = .text(root + "index.html#top")
        context["sections"] = [
            [
                "letter": .text(section.letter), "anchor": .text(section.anchor), "hasRows": true,
                "rows": .list(section.range.map { rowContext(row($0), root: root) }),
            ]
        ]
        context["strip"] = strip(root: root, onPage: site.sectionPagePath(of: position))
        return .object(context)
    }

    public func notFound() -> TemplateValue {
        .object(common(root: "", pageTitle: "\(site.config.strings.notFound) — \(site.config.title)"))
    }

    public func record(_ position: Int) -> TemplateValue {
        let record = site.records[position]
        let config = site.config
        var context = common(root: recordRoot, pageTitle: "\(record.title) — \(config.title)")
        var facts: [TemplateValue] = []
        for (fieldPosition, field) in config.fields.enumerated() where field.show {
            var fact: TemplateObject = ["label": .text(field.label), "id": .text(field.id)]
            let value = record.values[fieldPosition]
            if field.format == .links, case .list(let targets) = value, !targets.isEmpty {
                fact["links"] = .list(
                    targets.map { key -> TemplateValue in
                        guard let target = site.position(ofKey: key) else { return ["text": .text(key)] }
                        return [
                            "text": .text(site.records[target].title),
                            "href": .text(recordRoot + site.pagePath(of: target)),
                        ]
                    })
            } else {
                fact["value"] = .text(formatter.text(value, field))
            }
            facts.append(.object(fact))
        }
        let section = site.sections[site.sectionOfRecord[position]]
        context["record"] = ["title": .text(record.title), "key": .text(record.key)]
        context["facts"] = .list(facts)
        if let note = site.notes[position] { context["note"] = .text(markdown.html(note.markdown)) }
        if position > 0 {
            context["previous"] = [
                "title": .text(site.records[position - 1].title),
                "href": .text(recordRoot + site.pagePath(of: position - 1)),
            ]
        }
        if position + 1 < site.records.count {
            context["next"] = [
                "title": .text(site.records[position + 1].title),
                "href": .text(recordRoot + site.pagePath(of: position + 1)),
            ]
        }
        context["back"] = [
            "href": .text(recordRoot + site.sectionPagePath(of: site.sectionOfRecord[position]) + "#" + section.anchor),
            "letter": .text(section.letter),
        ]
        return .object(context)
    }

    /// What every page of a kind ("record", "section") shares in its input fingerprint: the
    /// generator, the templates, the kind and the config.
    func inputsBase(templates: String, kind: String) -> ContextFingerprint {
        var hash = ContextFingerprint()
        hash.add(GeneratorVersion.current)
        hash.add(templates)
        hash.add(kind)
        hash.add(configText)
        return hash
    }

    /// The part of every record page's input fingerprint that all of them share.
    public func recordInputsBase(templates: String) -> ContextFingerprint {
        var hash = inputsBase(templates: templates, kind: "record")
        hash.add(recordRoot)
        return hash
    }

    /// What `record(position)` is made of, hashed without making it: the config (labels, formats,
    /// strings, the site's title), the record, its note, the targets of its links, its neighbours and its
    /// section. Pages are reused by this fingerprint, so it must change whenever the context does:
    /// anything `record(_:)` starts to read must be added here (a test compares the two on edits).
    /// `base` is `recordInputsBase(templates:)`: what every record page shares, hashed once.
    public func recordInputs(_ position: Int, base: ContextFingerprint) -> String {
        var hash = base
        let record = site.records[position]
        hash.add(record: record)
        for (fieldPosition, field) in site.config.fields.enumerated() where field.format == .links {
            guard case .list(let targets) = record.values[fieldPosition] else { continue }
            for key in targets {
                if let target = site.position(ofKey: key) {
                    hash.add(1); hash.add(site.records[target].title); hash.add(site.pagePath(of: target))
                } else {
                    hash.add(0)
                }
            }
        }
        if let note = site.notes[position] { hash.add(1); hash.add(note.markdown) } else { hash.add(0) }
        for neighbour in stride(from: position - 1, through: position + 1, by: 2) {
            guard site.records.indices.contains(neighbour) else { hash.add(0); continue }
            hash.add(1)
            hash.add(site.records[neighbour].title)
            hash.add(site.pagePath(of: neighbour))
        }
        let sectionPosition = site.sectionOfRecord[position]
        hash.add(site.sectionPagePath(of: sectionPosition))
        hash.add(site.sections[sectionPosition].letter)
        hash.add(site.sections[sectionPosition].anchor)
        hash.add(site.pagePath(of: position))
        return hash.value
    }

    /// The part of every row's input fingerprint that all of them share.
    public func rowInputsBase() -> ContextFingerprint {
        inputsBase(templates: "", kind: "row")
    }

    /// What `row(position)` is made of, hashed without making it: the config (the index's subtitle and
    /// detail, their labels and formats), the record and its page path. As with `recordInputs`, anything
    /// `row(_:)` starts to read must be added here (the same test compares the two on edits).
    public func rowInputs(_ position: Int, base: ContextFingerprint) -> UInt64 {
        var hash = base
        hash.add(record: site.records[position])
        hash.add(site.slugs[position])  // the rest of the page path is the config's
        return hash.number
    }

    /// What `sectionPage(position)` is made of, hashed without making it: the config, every section's
    /// letter, anchor and page (the strip), and the rows of this section (by what they are made of). As
    /// with `recordInputs`, anything `sectionPage(_:)` starts to read must be added here.
    /// `rows`, when given, holds `rowInputs` of every record, made beforehand.
    public func sectionPageInputs(_ position: Int, templates: String, rows: [UInt64]? = nil) -> String {
        var hash = inputsBase(templates: templates, kind: "section")
        hash.add(site.sectionPagePath(of: position))
        for (number, section) in site.sections.enumerated() {
            hash.add(section.letter)
            hash.add(section.anchor)
            hash.add(site.sectionPagePath(of: number))
        }
        let rowBase = rowInputsBase()
        for record in site.sections[position].range {
            hash.mix(rows?[record] ?? rowInputs(record, base: rowBase))
        }
        return hash.value
    }

    /// The config as `String(reflecting:)` writes it, with its types named as the library's product
    /// (`WorldFactsKit.SiteConfig`) rather than the module they live in: every page fingerprint starts
    /// from this text, and moving a type between modules must not make every page look changed.
    static func configText(of config: SiteConfig) -> String {
        String(reflecting: config).replacingOccurrences(of: "WorldFactsModel.", with: "WorldFactsKit.")
    }
}
