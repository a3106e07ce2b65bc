/// The pages that may show a record of `ValueEdits`, in the site with the edits applied; every other
/// page of the site is as the last build made it. A record's values reach its own page; its row (the
/// record as a line of an index, a group page, a list or a search result) reaches the index page or
/// section page that holds it, the group pages of its values, and the page of every record it links
/// to through a list, with that list's complete page. Its title, its page and its links are fixed by
/// `ValueEdits`, so no other page can show it differently. Nor can the pages that show the whole site in
/// a few lines: the home page and a group's overview show titles and counts of records and of group values,
/// a split index its pages' guide words and counts, and the 404 page the config, all of which the edits fix.
/// An index that is not split shows every row of its collection: it is reached by an edited one.
public struct EditReach: Sendable {
    /// By collection: the positions whose record pages may change.
    public var recordPages: [Set<Int>]
    /// By collection: the positions whose rows may change, ascending.
    public var rows: [[Int]]
    /// By collection, by list on it: the positions whose complete list page may change.
    public var listPages: [[Set<Int>]]
    /// By group (as in `Site.groups`): its values whose pages may change.
    public var groupPages: [Set<Int>]

    public init(_ edits: ValueEdits, in site: Site) {
        rows = edits.records.map { $0.map(\.position) }
        listPages = edits.listed(in: site)
        recordPages = zip(rows, listPages).map { rows, lists in lists.reduce(Set(rows)) { $0.union($1) } }
        groupPages = site.groups.map { group in
            Set(
                edits.records[group.collection].flatMap { edit -> [Int] in
                    Group.texts(
                        of: edit.record, spec: group.spec, in: site.collections[group.collection],
                        collections: site.collections
                    ).compactMap(group.value(of:))
                })
        }
    }

    /// True when the index page (of a split index) `page` of `collection` holds an edited row.
    public func holdsRow(_ page: IndexPage, of collection: Int) -> Bool {
        rows[collection].contains { page.range.contains($0) }
    }

    /// True when `collection`'s index page may change: it is not split, and one of its rows is edited.
    public func reachesIndex(of collection: RecordCollection) -> Bool {
        !collection.isIndexSplit && !rows[collection.number].isEmpty
    }
}
