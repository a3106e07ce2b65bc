import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// The pages of a group: one per value, listing its records under section headers, and an overview of
/// the values with their counts. They use the index template.
public struct GroupContexts: Sendable {
    public let site: Site
    public let group: Group
    let rows: IndexRows
    let values: SiteValues

    public init(site: Site, group: Group, values: SiteValues) {
        self.site = site
        self.group = group
        self.values = values
        rows = values.rows
    }

    var collection: RecordCollection { site.collections[group.collection] }

    func rowContext(_ row: IndexRow, root: String) -> TemplateValue { IndexRows.context(row, root: root) }

    /// Whether the group's pages are in every language of the site (`LanguageLinks`).
    var inEveryLanguage: Bool { site.collections[group.collection].spec.languages == .all }

    /// A value's page: its records, in the collection's index order, under section headers; for a large
    /// value (`GroupValue.pages`), every section with a link to its pages, their guide words and counts.
    public func page(_ value: Int) -> TemplateValue {
        let groupValue = group.values[value]
        let title = group.spec.title(of: groupValue.title)
        let path = group.pagePath(of: value)
        let root = SiteValues.root(of: path)
        var context = values.common(
            root: root, path: path, pageTitle: "\(title) — \(group.spec.label) — \(site.config.title)",
            credits: values.credits(of: group.collection), searching: group.collection, versions: inEveryLanguage,
            name: title, structuredData: values.structuredData?.group(group, value: value))
        context["heading"] = .text(title)
        context["isIndex"] = true
        context["topHref"] = "#top"
        let folder = group.spec.pagesFolder + "/"
        let names = SectionNames.of(groupValue.sections) { collection.records[groupValue.positions[$0]].title }
        context["sections"] = .list(
            groupValue.sections.indices.map { number -> TemplateValue in
                let section = groupValue.sections[number]
                var context: TemplateObject = ["letter": .text(section.letter), "anchor": .text(section.anchor)]
                if let name = names[number] { context["sectionName"] = .text(name) }
                if groupValue.pages.isEmpty {
                    context["hasRows"] = true
                    context["rows"] = .list(
                        section.range.map {
                            rowContext(rows.row(group.collection, groupValue.positions[$0]), root: root)
                        })
                } else {
                    context["parts"] = .list(
                        groupValue.pages.filter { $0.section == number }.map { page -> TemplateValue in
                            [
                                "page": .text(String(page.path.dropFirst(folder.count)) + "#" + section.anchor),
                                "guide": .text(guideWords(page, of: groupValue)),
                                "countText": .text(values.sectionCountText(page.range.count)),
                            ]
                        })
                }
                return .object(context)
            })
        context.setStrip(strip(of: groupValue, root: root, onPage: path))
        context["back"] = ["href": .text(root + group.overviewPath), "title": .text(group.spec.label)]
        if let chart = chart(of: value, root: root) { context["charts"] = .list([chart]) }
        return .object(context)
    }

    /// Page `number` of a large value's pages (`GroupValue.pages`): a section, or a part of a large one.
    public func sectionPage(_ value: Int, _ number: Int) -> TemplateValue {
        let groupValue = group.values[value]
        let page = groupValue.pages[number]
        let section = groupValue.sections[page.section]
        let root = SiteValues.root(of: page.path)
        let part = page.range == section.range ? section.letter : guideWords(page, of: groupValue)
        let title = group.spec.title(of: groupValue.title)
        var context = values.common(
            root: root, path: page.path,
            pageTitle: "\(part) — \(title) — \(group.spec.label) — \(site.config.title)",
            credits: values.credits(of: group.collection), searching: group.collection,
            name: "\(part) — \(title)")
        context["heading"] = .text(title)
        context["isIndex"] = true
        context["topHref"] = .text(root + group.pagePath(of: value) + "#top")
        context["sections"] = [
            [
                "letter": .text(section.letter), "anchor": .text(section.anchor), "hasRows": true,
                "rows": .list(
                    page.range.map { rowContext(rows.row(group.collection, groupValue.positions[$0]), root: root) }),
            ]
        ]
        context.setStrip(strip(of: groupValue, root: root, onPage: page.path))
        context["back"] = ["href": .text(root + group.pagePath(of: value)), "title": .text(title)]
        return .object(context)
    }

    /// A strip of a value's sections as seen from a page at `root`: anchors on this page, or, for a large
    /// value, links to the first page of each section.
    func strip(of value: Group.GroupValue, root: String, onPage path: String) -> TemplateValue {
        .list(
            value.sections.indices.map { number -> TemplateValue in
                let section = value.sections[number]
                let page = value.pages.first { $0.section == number }?.path ?? path
                return [
                    "letter": .text(section.letter), "anchor": .text(section.anchor),
                    "href": .text((page == path ? "" : root + page) + "#" + section.anchor),
                ]
            })
    }

    /// A strip of the sections on this page (the overview's).
    func strip(_ sections: [Section]) -> TemplateValue {
        .list(
            sections.map { section -> TemplateValue in
                ["letter": .text(section.letter), "anchor": .text(section.anchor), "href": .text("#" + section.anchor)]
            })
    }

    /// A page's guide words: the titles of its first and last records.
    func guideWords(_ page: IndexPage, of value: Group.GroupValue) -> String {
        page.guideWords { collection.records[value.positions[$0]].title }
    }

    /// What `page(value)` is made of, hashed without making it: the config, the value, and the rows of
    /// its records (by what they are made of), or for a large value, its pages' paths, guide words and
    /// counts. `rowInputs`, when given, holds the collection's row inputs.
    public func pageInputs(_ value: Int, templates: String, rowInputs: [UInt64]?) -> String {
        var hash = values.pageInputsBase(templates: templates, kind: "group")
        let groupValue = group.values[value]
        hash.add(group.pagePath(of: value))
        hash.add(group.spec.title(of: groupValue.title))
        addChart(of: value, to: &hash)
        guard groupValue.pages.isEmpty else {
            for page in groupValue.pages {
                hash.add(page.path)
                hash.add(guideWords(page, of: groupValue))
                hash.mix(UInt64(page.section))
                hash.mix(UInt64(page.range.count))
            }
            for section in groupValue.sections { hash.add(section.letter) }
            return hash.value
        }
        for section in groupValue.sections {
            hash.add(section.letter)
            for offset in section.range {
                let position = groupValue.positions[offset]
                hash.mix(rowInputs?[position] ?? rows.inputs(group.collection, position, base: values.rowBase))
            }
        }
        return hash.value
    }

    /// What `sectionPage(value, number)` is made of, hashed: its path, its part, the strip, its rows.
    public func sectionPageInputs(_ value: Int, _ number: Int, templates: String, rowInputs: [UInt64]?) -> String {
        var hash = values.pageInputsBase(templates: templates, kind: "group section")
        let groupValue = group.values[value]
        let page = groupValue.pages[number]
        hash.add(page.path)
        hash.add(group.spec.title(of: groupValue.title))
        hash.add(guideWords(page, of: groupValue))
        for section in groupValue.sections { hash.add(section.letter) }
        for page in groupValue.pages { hash.add(page.path) }
        for offset in page.range {
            let position = groupValue.positions[offset]
            hash.mix(rowInputs?[position] ?? rows.inputs(group.collection, position, base: values.rowBase))
        }
        return hash.value
    }

    /// The overview: every value, with the number of its records, under section headers.
    public func overview() -> TemplateValue {
        let path = group.overviewPath
        let root = SiteValues.root(of: path)
        var context = values.common(
            root: root, path: path, pageTitle: "\(group.spec.label) — \(site.config.title)",
            credits: values.credits(of: group.collection), searching: group.collection, versions: inEveryLanguage,
            name: group.spec.label)
        context["heading"] = .text(group.spec.label)
        context["isIndex"] = true
        context["topHref"] = "#top"
        let sections = Section.runs(count: group.values.count, collation: site.collation) {
            site.collation.bucket(of: group.values[$0].title)
        }
        let names = SectionNames.of(sections) { group.values[$0].title }
        context["sections"] = .list(
            sections.indices.map { number -> TemplateValue in
                let section = sections[number]
                var object: TemplateObject = [
                    "letter": .text(section.letter), "anchor": .text(section.anchor), "hasRows": true,
                    "rows": .list(
                        section.range.map { number in
                            rowContext(
                                IndexRow(
                                    title: group.spec.title(of: group.values[number].title),
                                    path: group.pagePath(of: number),
                                    detail: values.sectionCountText(group.values[number].positions.count)),
                                root: root)
                        }),
                ]
                if let name = names[number] { object["sectionName"] = .text(name) }
                return .object(object)
            })
        context.setStrip(strip(sections))
        return .object(context)
    }
}
