import WorldFactsModel
import WorldFactsSupport

/// The feed's entries as a language's pages show them: records by their title and collection label in that
/// language, linked to their pages where they still have one, and values formatted as the facts tables
/// show them. `changes.html` (`ChangesContext`) and `changes.xml` (`ChangesFeed`) show these.
struct ChangeViews {
    struct Entry {
        let number: Int
        let time: String
        /// The day as the site's locale writes it, and the time of day: "Dec 3, 2026 15:04 UTC".
        let day: String
        /// A first build's: the records of each collection, counted, by its label.
        let created: [(label: String, count: String)]?
        /// The records added, removed and changed, under their strings' labels; groups with none are left out.
        let groups: [(label: String, items: [Item])]
        /// "and 12 more", where the entry names only some of its changes.
        let more: String?

        var anchor: String { "change-\(number)" }
    }

    struct Item {
        let collection: String
        let title: String
        /// From the site's root; nil for a removed record, or one without pages.
        let path: String?
        let oldTitle: String?
        let values: [(label: String, old: String, new: String)]
    }

    let site: Site
    let formatter: ValueFormatter

    init(site: Site) {
        self.site = site
        formatter = ValueFormatter(config: site.config)
    }

    func entries(_ history: ChangeHistory) -> [Entry] { history.entries.map(entry) }

    func entry(_ entry: ChangeEntry) -> Entry {
        let strings = site.config.strings
        let created = entry.created.map { counts in
            counts.map { count in
                (
                    collection(count.collection)?.spec.label ?? count.collection,
                    formatter.numbers.format(count.records)
                )
            }
        }
        let labels: [ChangeItem.Kind: String] = [
            .added: strings.changesAdded, .removed: strings.changesRemoved, .changed: strings.changesChanged,
        ]
        let groups = ChangeItem.Kind.allCases.compactMap { kind -> (label: String, items: [Item])? in
            let items = entry.items.filter { $0.kind == kind }.map(item)
            return items.isEmpty ? nil : (labels[kind] ?? kind.rawValue, items)
        }
        let more =
            entry.more > 0
            ? strings.changesMore.replacingEvery("{count}", with: formatter.numbers.format(entry.more))
            : nil
        // The day as the locale writes it, and the time of day (UTC), which tells two builds of a day apart.
        let day = String(entry.time.prefix(10))
        let clock = entry.time.dropFirst(11).prefix(5)
        let shownDay = (FieldSpec.TextKind.date.shown(day, locale: site.config.locale) ?? day) + " " + clock + " UTC"
        return Entry(
            number: entry.number, time: entry.time, day: shownDay, created: created,
            groups: groups, more: more)
    }

    private func item(_ item: ChangeItem) -> Item {
        let collection = collection(item.collection)
        let position = item.kind == .removed ? nil : collection?.position(ofKey: item.key)
        let path = position.flatMap { position in
            collection.flatMap { $0.spec.hasPages ? $0.pagePath(of: position) : nil }
        }
        // The page's language's title, where the record is still there.
        let title = position.flatMap { collection?.records[$0].title } ?? item.title
        let values = item.fields.map { change -> (label: String, old: String, new: String) in
            let field = collection?.spec.fields.first { $0.id == change.field }
            return (field?.label ?? change.field, formatter.text(change.old, field), formatter.text(change.new, field))
        }
        return Item(
            collection: collection?.spec.label ?? item.collection, title: title, path: path, oldTitle: item.oldTitle,
            values: values)
    }

    private func collection(_ id: String) -> RecordCollection? { site.collections.first { $0.spec.id == id } }
}
