import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// A record page's fields by their ids, for a template that places each where it likes
/// (`{{#fields.population}}{{label}}: {{text}}{{/fields.population}}`), beside the `facts` list that shows them all in
/// order. Each field has its `id`, `label`, `format`, `unit` (when it has one), `raw` value, shown `text` and `empty`
/// flag; a link field, or a group's, its `links` (as `facts` links them: `text`, `href`, `hreflang`; a group's values
/// to their pages, by their titles) and their `count`. The record's `collection` is its collection's `id` and `label`.
/// Made only for a site whose templates name `fields` or `collection` (`TemplateSet.names(used:)`): the built-in
/// templates show `facts`.
extension PageContexts {
    /// The record's fields, by id.
    func namedFields(of record: Record) -> TemplateValue {
        var fields = TemplateObject(capacity: collection.spec.fields.count)
        for (position, field) in collection.spec.fields.enumerated() {
            let value = record.values[position]
            var entry = TemplateObject(capacity: 8)
            entry.add("id", .text(field.id))
            entry.add("label", .text(field.label))
            entry.add("format", .text(field.format.rawValue))
            if let unit = field.unit(in: record.values) { entry.add("unit", .text(unit)) }
            entry.add("raw", .text(value.texts.joined(separator: ", ")))
            entry.add("empty", .flag(value.isEmpty))
            var links = (field.format.isLink ? rows.linkKeys(value) : []).map { linked(field, key: $0) }
            // A group field's values link to their group pages, by their titles, as the facts table links them.
            if links.isEmpty, let group = site.group(collection: collection.number, field: position) {
                links = groupValues(value, in: group).map { text, groupValue in
                    (text, concat(recordRoot, group.pagePath(of: groupValue)), nil)
                }
            }
            if links.isEmpty {
                entry.add(
                    "text",
                    .text(formatter.text(value, of: field, in: record.values)))
            } else {
                entry.add("text", .text(links.map(\.text).joined(separator: ", ")))
                entry.add(
                    "links",
                    .list(
                        links.map { link in
                            var item = TemplateObject(capacity: 3)
                            item.add("text", .text(link.text))
                            if let href = link.href { item.add("href", .text(href)) }
                            if let hreflang = link.hreflang { item.add("hreflang", .text(hreflang)) }
                            return .object(item)
                        }))
                entry.add("count", .text(String(links.count)))
            }
            fields[field.id] = .object(entry)
        }
        return .object(fields)
    }

    /// The record's collection: its id and label.
    var collectionValue: TemplateValue {
        var object = TemplateObject(capacity: 2)
        object.add("id", .text(collection.spec.id))
        object.add("label", .text(collection.spec.label))
        return .object(object)
    }
}
