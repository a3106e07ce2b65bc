import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// The home page of a site of several collections: the search (every scope, "All" first when declared)
/// and the collections and groups with their counts. It uses the index template.
public struct HomeContext: Sendable {
    public let site: Site
    let values: SiteValues
    let formatter: ValueFormatter

    public init(site: Site, values: SiteValues) {
        self.site = site
        self.values = values
        formatter = values.rows.formatter
    }

    public func context(extra: TemplateObject = [:]) -> TemplateValue {
        let strings = site.config.strings
        let root = SiteValues.root(of: site.homePath)
        var context = values.common(
            root: root, path: site.homePath, pageTitle: site.config.title, credits: values.allCredits,
            searching: nil, versions: true, name: site.config.title,
            description: site.config.description, structuredData: values.structuredData?.home())
        context["heading"] = .text(site.config.title)
        context["isIndex"] = true
        context["topHref"] = "#top"
        var rows: [TemplateValue] = []
        for collection in site.collections {
            rows.append(
                [
                    "title": .text(collection.spec.label), "href": .text(root + collection.indexPath),
                    "detail": .text(values.countText("section_count", collection.records.count)),
                ])
            for group in site.groups where group.collection == collection.number {
                rows.append(
                    [
                        "title": .text(group.spec.label), "href": .text(root + group.overviewPath),
                        "detail": .text(values.countText("value_count", group.values.count)),
                    ])
            }
        }
        context["sections"] = [
            ["letter": .text(strings.browse), "anchor": "browse", "hasRows": true, "rows": .list(rows)]
        ]
        context.setStrip([["letter": .text(strings.browse), "anchor": "browse", "href": "#browse"]])
        for entry in extra.entries { context[entry.key] = entry.value }
        return .object(context)
    }
}
