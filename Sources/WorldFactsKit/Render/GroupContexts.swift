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

    /// A value's page: its records, in the collection's index order, under section headers.
    public func page(_ value: Int) -> TemplateValue {
        let groupValue = group.values[value]
        let path = group.pagePath(of: value)
        let root = SiteValues.root(of: path)
        var context = values.common(
            root: root, path: path, pageTitle: "\(groupValue.title) — \(group.spec.label) — \(site.config.title)",
            credits: values.credits(of: group.collection), searching: group.collection,
            name: groupValue.title, structuredData: values.structuredData?.group(group, value: value))
        context["heading"] = .text(groupValue.title)
        context["isIndex"] = true
        context["topHref"] = "#top"
        context["sections"] = .list(
            groupValue.sections.map { section -> TemplateValue in
                [
                    "letter": .text(section.letter), "anchor": .text(section.anchor), "hasRows": true,
                    "rows": .list(
                        section.range.map {
                            rowContext(rows.row(group.collection, groupValue.positions[$0]), root: root)
                        }),
                ]
            })
        context["strip"] = strip(groupValue.sections)
        context["back"] = ["href": .text(root + group.overviewPath), "title": .text(group.spec.label)]
        return .object(context)
    }

    /// A strip of the sections on this page.
    func strip(_ sections: [Section]) -> TemplateValue {
        .list(
            sections.map { section -> TemplateValue in
                ["letter": .text(section.letter), "anchor": .text(section.anchor), "href": .text("#" + section.anchor)]
            })
    }

    /// What `page(value)` is made of, hashed without making it: the config, the value, and the rows of
    /// its records (by what they are made of). `rowInputs`, when given, holds the collection's row inputs.
    public func pageInputs(_ value: Int, templates: String, rowInputs: [UInt64]?) -> String {
        var hash = values.pageInputsBase(templates: templates, kind: "group")
        hash.add(group.pagePath(of: value))
        hash.add(group.values[value].title)
        for section in group.values[value].sections {
            hash.add(section.letter)
            for offset in section.range {
                let position = group.values[value].positions[offset]
                hash.mix(rowInputs?[position] ?? rows.inputs(group.collection, position, base: values.rowBase))
            }
        }
        return hash.value
    }

    /// The overview: every value, with the number of its records, under section headers.
    public func overview() -> TemplateValue {
        let path = group.overviewPath
        let root = SiteValues.root(of: path)
        var context = values.common(
            root: root, path: path, pageTitle: "\(group.spec.label) — \(site.config.title)",
            credits: values.credits(of: group.collection), searching: group.collection, name: group.spec.label)
        context["heading"] = .text(group.spec.label)
        context["isIndex"] = true
        context["topHref"] = "#top"
        let sections = Section.runs(count: group.values.count) { SectionLetter.of(title: group.values[$0].title) }
        context["sections"] = .list(
            sections.map { section -> TemplateValue in
                [
                    "letter": .text(section.letter), "anchor": .text(section.anchor), "hasRows": true,
                    "rows": .list(
                        section.range.map { number in
                            rowContext(
                                IndexRow(
                                    title: group.values[number].title, path: group.pagePath(of: number),
                                    detail: site.config.strings.sectionCount.replacingOccurrences(
                                        of: "{count}",
                                        with: rows.formatter.numbers.format(group.values[number].positions.count))),
                                root: root)
                        }),
                ]
            })
        context["strip"] = strip(sections)
        return .object(context)
    }
}
