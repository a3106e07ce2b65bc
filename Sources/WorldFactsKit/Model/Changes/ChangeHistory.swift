/// The feed of changes: its entries, the newest first, and the data the last of them left (`DataState`),
/// which the next build compares its own with. A pure function of the last history and this build's data:
/// a build whose data is the last one's adds nothing; one whose data changed, even back to what it was
/// before, adds an entry; with no last history (a first build, or a last feed that could not be read), the
/// history starts with a "created" entry.
public struct ChangeHistory: Sendable, Equatable {
    public var entries: [ChangeEntry]
    public var state: DataState

    public init(entries: [ChangeEntry], state: DataState) {
        self.entries = entries
        self.state = state
    }

    /// `history` after a build whose data is `state`, at `time`, keeping at most `spec.limit` entries.
    public static func after(_ history: ChangeHistory?, state: DataState, time: String, spec: ChangesSpec) -> Self {
        guard let history else {
            let counts = state.collections.map { ChangeEntry.Count(collection: $0.id, records: $0.records.count) }
            return ChangeHistory(entries: [ChangeEntry(number: 1, time: time, created: counts)], state: state)
        }
        let (items, total) = changes(from: history.state, to: state, naming: spec.perEntry)
        guard total > 0 else { return ChangeHistory(entries: Array(history.entries.prefix(spec.limit)), state: state) }
        let entry = ChangeEntry(
            number: (history.entries.first?.number ?? 0) + 1, time: time, items: items, more: total - items.count)
        return ChangeHistory(entries: Array(([entry] + history.entries).prefix(spec.limit)), state: state)
    }

    /// What changed from `old` to `new`, by collection in `new`'s order (then the collections `new` no longer
    /// has): the records added, then those removed, then those changed, each in its data's order. The first
    /// `naming` of them, and how many there are.
    static func changes(from old: DataState, to new: DataState, naming: Int) -> (items: [ChangeItem], total: Int) {
        var found = ChangeList(naming: naming)
        for collection in new.collections {
            guard let before = old.collections.first(where: { $0.id == collection.id }) else {
                for record in collection.records { found.add(.init(kind: .added, collection: collection.id, record)) }
                continue
            }
            compare(before, collection, into: &found)
        }
        let kept = Set(new.collections.map(\.id))
        for collection in old.collections where !kept.contains(collection.id) {
            for record in collection.records { found.add(.init(kind: .removed, collection: collection.id, record)) }
        }
        return (found.items, found.total)
    }

    /// The records of one collection added, removed and changed. A field is compared where both have it: a
    /// field declared or dropped in site.yml changes the schema, not the data.
    private static func compare(_ old: DataState.Collection, _ new: DataState.Collection, into found: inout ChangeList)
    {
        let oldPositions = Dictionary(
            old.records.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newKeys = Set(new.records.map(\.key))
        let oldField = Dictionary(old.fields.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let shared = new.fields.enumerated().compactMap { position, id in oldField[id].map { (id, $0, position) } }
        var changed: [ChangeItem] = []
        for record in new.records {
            guard let position = oldPositions[record.key] else {
                found.add(ChangeItem(kind: .added, collection: new.id, record))
                continue
            }
            let before = old.records[position]
            guard before != record || old.fields != new.fields else { continue }
            let fields = shared.compactMap { id, oldPosition, newPosition -> FieldChange? in
                let (was, now) = (before.values[oldPosition], record.values[newPosition])
                return was == now ? nil : FieldChange(field: id, old: was, new: now)
            }
            guard !fields.isEmpty || before.title != record.title else { continue }
            changed.append(
                ChangeItem(
                    kind: .changed, collection: new.id, key: record.key, title: record.title,
                    oldTitle: before.title == record.title ? nil : before.title, fields: fields))
        }
        for record in old.records where !newKeys.contains(record.key) {
            found.add(ChangeItem(kind: .removed, collection: old.id, record))
        }
        for item in changed { found.add(item) }
    }

    /// The changes found so far: the first `naming`, and the count of all.
    private struct ChangeList {
        let naming: Int
        var items: [ChangeItem] = []
        var total = 0

        mutating func add(_ item: @autoclosure () -> ChangeItem) {
            total += 1
            if items.count < naming { items.append(item()) }
        }
    }
}

extension ChangeItem {
    /// A record added or removed whole.
    init(kind: Kind, collection: String, _ record: DataState.Entry) {
        self.init(kind: kind, collection: collection, key: record.key, title: record.title)
    }
}
