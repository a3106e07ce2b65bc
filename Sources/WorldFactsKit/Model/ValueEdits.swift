import WorldFactsSupport

/// The records whose values changed between two loads of the same content, when nothing else did:
/// the same config, the same notes, every collection's records with the same keys in the same order,
/// and no edited record changed a value that decides where records go or what links them (its title,
/// its line, a link, a group's field, a searched field). Such an edit leaves the model's order,
/// sections, links and groups as they were, so the site is the last one with the edited records put in
/// place and the lists they are in put in order again (`Site.applying`), and only the pages that show
/// them can change (`EditReach`). Anything else gives nil: the site is modelled again.
public struct ValueEdits: Sendable, Equatable {
    /// By collection: the edited records, as (position in the site, the record as loaded now), by position.
    public var records: [[(position: Int, record: Record)]]

    public static func == (a: ValueEdits, b: ValueEdits) -> Bool {
        a.records.count == b.records.count
            && zip(a.records, b.records).allSatisfy { x, y in
                x.count == y.count && zip(x, y).allSatisfy { $0.position == $1.position && $0.record == $1.record }
            }
    }

    public var isEmpty: Bool { records.allSatisfy(\.isEmpty) }

    /// How many records were edited at most before modelling again is the cheaper way.
    public static let limit = 1_000

    /// The edits that make `new` from `old`, whose modelled site is `site`; `positions` gives, by
    /// collection, the position in `site` of each record of `old` in its file's order (`positions(of:)`).
    public static func between(old: Content, new: Content, site: Site, positions: [[Int]]) -> ValueEdits? {
        guard String(reflecting: old.config) == String(reflecting: new.config),
            old.collections.count == new.collections.count, old.warnings == new.warnings
        else { return nil }
        var edits: [[(position: Int, record: Record)]] = []
        var count = 0
        for (number, (before, after)) in zip(old.collections, new.collections).enumerated() {
            guard before.records.count == after.records.count, before.notes == after.notes, before.file == after.file
            else { return nil }
            let fixed = fixedFields(of: number, in: new.config)
            var edited: [(position: Int, record: Record)] = []
            for index in after.records.indices where before.records[index] != after.records[index] {
                let (was, now) = (before.records[index], after.records[index])
                guard was.key == now.key, was.title == now.title, was.line == now.line,
                    fixed.allSatisfy({ was.values[$0] == now.values[$0] })
                else { return nil }
                edited.append((positions[number][index], now))
                count += 1
                if count > limit { return nil }
            }
            edits.append(edited.sorted { $0.position < $1.position })
        }
        return ValueEdits(records: edits)
    }

    /// The fields of a collection whose values decide more than the pages that show them: links, the
    /// field of a group, and the fields of a search scope over it (its keys decide which shards hold
    /// a record).
    static func fixedFields(of collection: Int, in config: SiteConfig) -> Set<Int> {
        let spec = config.collections[collection]
        var fixed = Set(spec.fields.indices.filter { spec.fields[$0].format.isLink })
        for group in spec.groups { fixed.insert(group.field) }
        for scope in config.search.scopes where scope.collection == collection {
            for case .field(let field) in scope.fields { fixed.insert(field) }
        }
        return fixed
    }

    /// By collection: the position in `site` of each record of `content`, in its file's order.
    public static func positions(of content: Content, in site: Site) -> [[Int]] {
        content.collections.indices.map { number in
            var byKey: [String: Int] = [:]
            byKey.reserveCapacity(site.collections[number].records.count)
            for (position, record) in site.collections[number].records.enumerated() { byKey[record.key] = position }
            return content.collections[number].records.map { byKey[$0.key]! }
        }
    }
}

extension Site {
    /// The site with the edited records in their places, and the lists they are in (on the pages of
    /// the records they link to) in order again.
    public func applying(_ edits: ValueEdits) -> Site {
        var site = self
        for (number, edited) in edits.records.enumerated() {
            for (position, record) in edited { site.collections[number].records[position] = record }
        }
        for target in site.lists.indices {
            for number in site.lists[target].indices {
                let spec = site.lists[target][number].spec
                let field = site.collections[spec.source].spec.fields[spec.via]
                var reordered = Set<Int>()
                for (_, record) in edits.records[spec.source] {
                    for key in record.values[spec.via].keys {
                        guard let found = site.target(of: field, key: key), found.collection == target,
                            reordered.insert(found.position).inserted
                        else { continue }
                        site.lists[target][number].reorder(found.position, source: site.collections[spec.source])
                    }
                }
            }
        }
        return site
    }
}
