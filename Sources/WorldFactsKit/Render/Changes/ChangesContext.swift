import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// The context of `changes.html`, the page of the feed of changes in one language (`changes.mustache`): its
/// entries, the newest first, each with its day, and the records it names by kind, with their values
/// old → new.
struct ChangesContext {
    let site: Site
    let values: SiteValues

    static let fileName = "changes.html"
    static let feedName = "changes.xml"

    var path: String { site.config.folder + Self.fileName }

    func context(_ entries: [ChangeViews.Entry]) -> TemplateValue {
        let heading = site.config.strings.changes
        let root = SiteValues.root(of: path)
        var context = values.common(
            root: root, path: path, pageTitle: heading + " – " + site.config.title, credits: values.siteCredits,
            searching: nil, versions: true, name: heading)
        context["heading"] = .text(heading)
        context["entries"] = .list(entries.map { entryValue($0, root: root) })
        return .object(context)
    }

    private func entryValue(_ entry: ChangeViews.Entry, root: String) -> TemplateValue {
        var value: TemplateObject = [
            "anchor": .text(entry.anchor), "time": .text(entry.time), "day": .text(entry.day),
        ]
        if let created = entry.created {
            value["created"] = [
                "label": .text(site.config.strings.changesCreated),
                "counts": .list(created.map { ["title": .text($0.label), "value": .text($0.count)] }),
            ]
        }
        value["groups"] = .list(
            entry.groups.map { group in
                ["label": .text(group.label), "items": .list(group.items.map { itemValue($0, root: root) })]
            })
        if let more = entry.more { value["more"] = .text(more) }
        return .object(value)
    }

    private func itemValue(_ item: ChangeViews.Item, root: String) -> TemplateValue {
        var value: TemplateObject = ["title": .text(item.title), "label": .text(item.collection)]
        if let path = item.path { value["href"] = .text(root + path) }
        if let oldTitle = item.oldTitle { value["oldTitle"] = .text(oldTitle) }
        if !item.values.isEmpty {
            value["changed"] = true
            value["values"] = .list(
                item.values.map { ["label": .text($0.label), "old": .text($0.old), "new": .text($0.new)] })
        }
        return .object(value)
    }
}
