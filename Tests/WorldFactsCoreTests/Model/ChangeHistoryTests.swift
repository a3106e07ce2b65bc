import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The feed of changes (`ChangeHistory`, `ChangesFile`) on seeded data of every shape: the changes of each
/// build are checked against a model that compares the two states as dictionaries on its own; a history
/// written and read back is the same; a damaged history file is refused, never a crash.
@Suite struct ChangeHistoryTests {
    /// Texts of every kind a records file may hold: other scripts, quotes, controls, long and empty ones.
    static let texts = [
        "Iceland", "Ísland", "日本", "Россия", "a \"quoted\" word", "back\\slash", "tab\there", "line\nbreak",
        "\u{1}control", "", " ", String(repeating: "long ", count: 60), "emoji 🇮🇸", "<b>&amp;</b>",
    ]

    static func value(_ random: inout SplitMix) -> FieldValue {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: .missing
        case 1: .text(texts.randomElement(using: &random)!)
        case 2: .integer(Int.random(in: -1_000_000...Int.max / 2, using: &random))
        case 3: .decimal([0.0, -0.5, 1.008, 1e20, 3.0, 123_456.789].randomElement(using: &random)!)
        case 4: .list((0..<Int.random(in: 0..<4, using: &random)).map { _ in texts.randomElement(using: &random)! })
        default: .integer(Int.random(in: 0..<10, using: &random))
        }
    }

    static func state(_ random: inout SplitMix, records: Int) -> DataState {
        DataState(
            collections: ["countries", "cities", "rivers"].prefix(Int.random(in: 1...3, using: &random)).map { id in
                let fields = (0..<Int.random(in: 0...4, using: &random)).map { "f\($0)" }
                // Integer keys as texts, some of other scripts: keys are unique in a collection.
                let keys = Array(
                    Set((0..<records).map { _ in String(Int.random(in: 0..<(records * 3), using: &random)) })
                )
                .sorted()
                return DataState.Collection(
                    id: id, fields: fields,
                    records: keys.map { key in
                        DataState.Entry(
                            key: key, title: texts.randomElement(using: &random)! + key,
                            values: fields.map { _ in value(&random) })
                    })
            })
    }

    /// `state` with some records removed, some added, some values and titles changed, maybe a field dropped
    /// or declared, maybe a collection gone.
    static func edited(_ state: DataState, _ random: inout SplitMix) -> DataState {
        var state = state
        for number in state.collections.indices {
            var collection = state.collections[number]
            collection.records.removeAll { _ in Int.random(in: 0..<10, using: &random) == 0 }
            for position in collection.records.indices where Int.random(in: 0..<6, using: &random) == 0 {
                if collection.fields.isEmpty || Bool.random(using: &random) {
                    collection.records[position].title += "!"
                } else {
                    let field = Int.random(in: 0..<collection.fields.count, using: &random)
                    collection.records[position].values[field] = value(&random)
                }
            }
            for added in 0..<Int.random(in: 0..<4, using: &random) {
                collection.records.append(
                    DataState.Entry(
                        key: "new\(added)-\(Int.random(in: 0..<Int.max, using: &random))", title: "New \(added)",
                        values: collection.fields.map { _ in value(&random) }))
            }
            if Int.random(in: 0..<8, using: &random) == 0 {
                collection.fields.append("declared\(collection.fields.count)")
                for position in collection.records.indices {
                    collection.records[position].values.append(value(&random))
                }
            }
            state.collections[number] = collection
        }
        if state.collections.count > 1, Int.random(in: 0..<8, using: &random) == 0 { state.collections.removeLast() }
        return state
    }

    /// What changed, as the model finds it: each record by collection and key, its kind, and for a changed one
    /// its title before and each field shared by both states whose value differs.
    struct Expected: Hashable {
        var kind: String
        var collection: String
        var key: String
        var oldTitle: String?
        var fields: [String]
    }

    static func expected(from old: DataState, to new: DataState) -> Set<Expected> {
        var found = Set<Expected>()
        let oldByID = Dictionary(uniqueKeysWithValues: old.collections.map { ($0.id, $0) })
        let newByID = Dictionary(uniqueKeysWithValues: new.collections.map { ($0.id, $0) })
        for (id, collection) in newByID {
            let before = oldByID[id].map { Dictionary(uniqueKeysWithValues: $0.records.map { ($0.key, $0) }) } ?? [:]
            let oldFields = oldByID[id]?.fields ?? []
            for record in collection.records {
                guard let was = before[record.key] else {
                    found.insert(Expected(kind: "added", collection: id, key: record.key, oldTitle: nil, fields: []))
                    continue
                }
                let fields = collection.fields.enumerated().filter { position, field in
                    guard let oldPosition = oldFields.firstIndex(of: field) else { return false }
                    return was.values[oldPosition] != record.values[position]
                }.map(\.element)
                if !fields.isEmpty || was.title != record.title {
                    found.insert(
                        Expected(
                            kind: "changed", collection: id, key: record.key,
                            oldTitle: was.title == record.title ? nil : was.title, fields: fields))
                }
            }
            let keys = Set(collection.records.map(\.key))
            for key in before.keys where !keys.contains(key) {
                found.insert(Expected(kind: "removed", collection: id, key: key, oldTitle: nil, fields: []))
            }
        }
        for (id, collection) in oldByID where newByID[id] == nil {
            for record in collection.records {
                found.insert(Expected(kind: "removed", collection: id, key: record.key, oldTitle: nil, fields: []))
            }
        }
        return found
    }

    static func found(_ entry: ChangeEntry) -> Set<Expected> {
        Set(
            entry.items.map {
                Expected(
                    kind: $0.kind.rawValue, collection: $0.collection, key: $0.key, oldTitle: $0.oldTitle,
                    fields: $0.fields.map(\.field))
            })
    }

    @Test(arguments: 0..<24)
    func eachBuildsEntryIsWhatChanged(seed: UInt64) {
        var random = SplitMix(state: seed)
        let spec = ChangesSpec(limit: 4, perEntry: 1_000_000)
        var state = Self.state(&random, records: Int.random(in: 0...40, using: &random))
        var history = ChangeHistory.after(nil, state: state, time: "2026-01-01T00:00:00Z", spec: spec)
        #expect(history.entries.count == 1)
        #expect(history.entries[0].created?.map(\.records) == state.collections.map(\.records.count))
        for build in 1...6 {
            let next = Self.edited(state, &random)
            let after = ChangeHistory.after(history, state: next, time: "2026-01-0\(build)T00:00:00Z", spec: spec)
            let expected = Self.expected(from: state, to: next)
            if expected.isEmpty {
                #expect(after.entries == history.entries)
            } else {
                #expect(after.entries.first.map(Self.found) == expected)
                #expect(after.entries.first?.number == history.entries[0].number + 1)
                #expect(after.entries.count == min(history.entries.count + 1, spec.limit))
                #expect(after.entries.first?.more == 0)
            }
            #expect(after.state == next)
            (history, state) = (after, next)
        }
    }

    @Test(arguments: 0..<8)
    func anEntryNamesItsFirstChangesAndCountsTheRest(seed: UInt64) {
        var random = SplitMix(state: 100 + seed)
        let old = Self.state(&random, records: 30)
        let new = Self.edited(Self.edited(old, &random), &random)
        let all = ChangeHistory.changes(from: old, to: new, naming: .max)
        let naming = Int.random(in: 1...5, using: &random)
        let last = ChangeHistory(entries: [], state: old)
        let entry = ChangeHistory.after(last, state: new, time: "t", spec: ChangesSpec(limit: 50, perEntry: naming))
            .entries.first
        #expect(all.total == Self.expected(from: old, to: new).count)
        #expect(entry?.items == Array(all.items.prefix(naming)))
        #expect(entry.map { $0.items.count + $0.more } == all.total)
    }

    @Test func noChangeAddsNothingAndAChangeBackAddsAnEntry() {
        var random = SplitMix(state: 7)
        let spec = ChangesSpec()
        let first = Self.state(&random, records: 10)
        var changed = first
        changed.collections[0].records[0].title = "Renamed"
        var history = ChangeHistory.after(nil, state: first, time: "1", spec: spec)
        history = ChangeHistory.after(history, state: first, time: "2", spec: spec)
        #expect(history.entries.map(\.number) == [1])
        history = ChangeHistory.after(history, state: changed, time: "3", spec: spec)
        history = ChangeHistory.after(history, state: first, time: "4", spec: spec)
        #expect(history.entries.map(\.number) == [3, 2, 1])
        #expect(history.entries[0].items.map(\.oldTitle) == ["Renamed"])
    }

    @Test(arguments: 0..<16)
    func aHistoryReadsBackAsItWasWritten(seed: UInt64) throws {
        var random = SplitMix(state: 1_000 + seed)
        let spec = ChangesSpec(limit: 5, perEntry: Int.random(in: 1...50, using: &random))
        var state = Self.state(&random, records: 25)
        var history = ChangeHistory.after(nil, state: state, time: "2026-12-03T15:04:05Z", spec: spec)
        for _ in 0..<4 {
            state = Self.edited(state, &random)
            history = ChangeHistory.after(history, state: state, time: "2026-12-04T00:00:00Z", spec: spec)
        }
        let read = try ChangesFile.history(ChangesFile.bytes(history))
        #expect(read == history)
    }

    @Test(arguments: 0..<12)
    func aDamagedHistoryIsRefusedNeverACrash(seed: UInt64) {
        var random = SplitMix(state: 2_000 + seed)
        let history = ChangeHistory.after(nil, state: Self.state(&random, records: 8), time: "t", spec: ChangesSpec())
        var bytes = ChangesFile.bytes(history)
        // Cut short, or a byte changed: either is refused with a reason, or still reads (a changed letter).
        if Bool.random(using: &random) {
            bytes = Array(bytes.prefix(Int.random(in: 0..<(bytes.count - 2), using: &random)))
            #expect(throws: ChangesFile.Unreadable.self) { try ChangesFile.history(bytes) }
        } else {
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            _ = try? ChangesFile.history(bytes)
        }
        #expect(throws: ChangesFile.Unreadable.self) { try ChangesFile.history(Array(#"{"format": 2}"#.utf8)) }
        #expect(throws: ChangesFile.Unreadable.self) { try ChangesFile.history(Array("[]".utf8)) }
    }
}
