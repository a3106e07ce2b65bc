import WorldFactsSupport

/// The records whose values changed between two loads of the same content, when nothing else did:
/// the same config, the same notes, every collection's records with the same keys in the same order,
/// and no edited record changed a value that decides where records go or what links them (its title,
/// its line, a link, a group's field, a searched field, a map's region). Such an edit leaves the model's order,
/// sections, links and groups as they were, so the site is the last one with the edited records put in
/// place and the lists they are in put in order again (`Site.applying`), and only the pages that show
/// them can change (`EditReach`). Anything else gives nil: the site is modelled again.
public struct ValueEdits: Sendable {
    /// By collection: the edited records, as (position in the site, the record as loaded now), by position.
    public var records: [[(position: Int, record: Record)]]
    /// Each collection's records as compared, and where they differed (`RecordSweep`).
    public var sweeps: [RecordSweep] = []

    /// How many records were edited.
    public var count: Int { records.reduce(0) { $0 + $1.count } }

    /// How many records were edited at most before modelling again is the cheaper way.
    public static let limit = 1_000

    /// The edits that make `new` from `old`, whose modelled site is `site`; `positions` gives, by
    /// collection, the position in `site` of each record of `old` in its file's order
    /// (`SiteModeler.modelWithPositions`).
    public static func between(old: Content, new: Content, site: Site, positions: [[Int]]) -> ValueEdits? {
        // Byte for byte (a label edited from a composed "é" to a decomposed one is `==`, yet shown).
        guard old.configText.hasSameBytes(as: new.configText) else { return nil }
        return ofRecords(old: old, new: new, site: site, positions: positions)
    }

    /// `between`, for contents whose configs are known to be the same (a language's edition, whose
    /// config's digest the caller compared): the rest is compared. `known`: sweeps made already (the
    /// default's, `sweeps`): a collection whose records before and after are those of one is not swept again.
    public static func ofRecords(
        old: Content, new: Content, site: Site, positions: [[Int]], known: [RecordSweep] = []
    ) -> ValueEdits? {
        guard old.collections.count == new.collections.count,
            String(reflecting: old.warnings).hasSameBytes(as: String(reflecting: new.warnings))
        else { return nil }
        var edits: [[(position: Int, record: Record)]] = []
        var sweeps: [RecordSweep] = []
        var count = 0
        for (number, (before, after)) in zip(old.collections, new.collections).enumerated() {
            guard before.records.count == after.records.count, before.notes.hasSameBytes(as: after.notes),
                before.file == after.file
            else { return nil }
            let fixed = fixedFields(of: number, in: new.config)
            let sweep = RecordSweep(before.records, after.records, known: known)
            sweeps.append(sweep)
            var edited: [(position: Int, record: Record)] = []
            for index in sweep.changed {
                let (was, now) = (before.records[index], after.records[index])
                guard was.key.hasSameBytes(as: now.key), was.title.hasSameBytes(as: now.title), was.line == now.line,
                    fixed.allSatisfy({ was.values[$0].hasSameBytes(as: now.values[$0]) })
                else { return nil }
                // A record `only:` leaves out, and still leaves out (its field is fixed), is in no page.
                guard positions[number][index] >= 0 else { continue }
                edited.append((positions[number][index], now))
                count += 1
                if count > limit { return nil }
            }
            edits.append(edited.sorted { $0.position < $1.position })
        }
        return ValueEdits(records: edits, sweeps: sweeps)
    }

    /// The fields of a collection whose values decide more than the pages that show them: links, the
    /// field the index is sorted by, the field of a group, the former keys that get redirect pages, and the
    /// fields of a search scope over it (its keys decide which shards hold a record), and the region of its
    /// maps (the build warns of the codes the world outline does not know, once per site modelled).
    static func fixedFields(of collection: Int, in config: SiteConfig) -> Set<Int> {
        let spec = config.collections[collection]
        var fixed = Set(spec.fields.indices.filter { spec.fields[$0].format.isLink })
        for group in spec.groups { fixed.insert(group.field) }
        // A field that groups the records linking here (`country.continent` on the cities).
        for other in config.collections {
            for group in other.groups where other.fields[group.field].target == collection {
                group.through.map { _ = fixed.insert($0) }
            }
        }
        if let aliases = spec.aliases { fixed.insert(aliases) }
        if let only = spec.only { fixed.insert(only.field) }
        if case .field(let region)? = spec.map?.region { fixed.insert(region) }
        // The field the index is ordered by decides where every record goes.
        if case .field(let sort) = spec.index.sort { fixed.insert(sort) }
        for scope in config.search.scopes where scope.collection == collection {
            for case .field(let field) in scope.fields { fixed.insert(field) }
        }
        return fixed
    }

    /// By collection the lists are on, by list: the positions of the records whose list holds an edited
    /// record (those it links to through the list's field), each once.
    func listed(in site: Site) -> [[Set<Int>]] {
        site.lists.enumerated().map { target, lists in
            lists.map { list in
                let field = site.collections[list.spec.source].spec.fields[list.spec.via]
                var positions = Set<Int>()
                for (_, record) in records[list.spec.source] {
                    for key in record.values[list.spec.via].keys {
                        if let found = site.target(of: field, key: key), found.collection == target {
                            positions.insert(found.position)
                        }
                    }
                }
                return positions
            }
        }
    }
}

/// One collection's records before and after a load, and the positions where their bytes differ
/// (`positionsWithOtherBytes`). A language's edition holds the records of a collection it takes from the
/// default's content in the default's own storage, before and after alike: its sweep of them is the
/// default's, and is not made again.
public struct RecordSweep: Sendable {
    let before: [Record]
    let after: [Record]
    let changed: [Int]

    /// The sweep of `before` and `after`: one of `known` when its records are theirs, else made.
    init(_ before: [Record], _ after: [Record], known: [RecordSweep] = []) {
        self.before = before
        self.after = after
        changed =
            known.first { $0.before.isSameStorage(as: before) && $0.after.isSameStorage(as: after) }?.changed
            ?? after.positionsWithOtherBytes(than: before)
    }
}

extension Site {
    /// The site with the edited records in their places, and the lists they are in (on the pages of
    /// the records they link to) in order again.
    public func applying(_ edits: ValueEdits) -> Site {
        var site = self
        site.apply(edits)
        return site
    }

    /// `applying`, in place: on a site whose records are its own (`withOwnRecords`), no record is copied.
    /// `edited`: collections whose records hold the edits already (a language's, taken from the default's
    /// edited site): only the lists they are in are put in order again.
    public mutating func apply(_ edits: ValueEdits, edited: Set<Int> = []) {
        for (number, records) in edits.records.enumerated() where !edited.contains(number) {
            for (position, record) in records { collections[number].records[position] = record }
        }
        for (target, listed) in edits.listed(in: self).enumerated() {
            for (number, positions) in listed.enumerated() {
                let source = lists[target][number].spec.source
                for position in positions {
                    lists[target][number].reorder(position, source: collections[source], collation: collation)
                }
            }
        }
    }

    /// A copy whose collections and their records are arrays of its own, not shared with this site's: an
    /// edit `apply`ed to it replaces records where they are. Made while nothing waits (`PreparedCopy`), it
    /// takes from an edit's build the copy of every record that replacing one in a shared array makes.
    public func withOwnRecords() -> Site {
        var site = self
        site.collections = collections.map { collection in
            var own = collection
            own.records = collection.records.map { $0 }
            return own
        }
        return site
    }
}
