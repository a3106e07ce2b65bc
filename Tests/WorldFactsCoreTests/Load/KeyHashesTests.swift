import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsTestSupport

/// `KeyHashes` kept sorted: an update (records dropped, records read) gives what taking the keys of the
/// records it leaves would give, and refuses a key read that a kept record or another read one has.
@Suite struct KeyHashesTests {
    func record(_ key: String) -> Record { Record(key: key, title: key, values: [], line: 1) }

    @Test func updatesAreTheHashesOfTheRecordsLeft() throws {
        var random = SplitMix(state: 19)
        for step in 0..<300 {
            let old = (0..<Int(random.next() % 60)).map { record("k\($0)") }
            let hashes = try #require(KeyHashes.of(old))
            let kept = old.map { _ in random.next() % 4 != 0 }
            // Read keys: some new, some of records not kept (a record read again).
            let again = old.indices.filter { !kept[$0] && random.next() % 2 == 0 }.map { old[$0] }
            let read = again + (0..<Int(random.next() % 5)).map { record("new\(step)-\($0)") }
            let left = old.indices.filter { kept[$0] }.map { old[$0] } + read
            #expect(hashes.updated(old: old, kept: kept, read: read) == KeyHashes.of(left), "step \(step)")
            // A key read that a kept record has, or that is read twice, is refused.
            if let keptRecord = old.indices.first(where: { kept[$0] }).map({ old[$0] }) {
                #expect(hashes.updated(old: old, kept: kept, read: read + [keptRecord]) == nil, "step \(step)")
            }
            #expect(hashes.updated(old: old, kept: kept, read: read + [record("twice"), record("twice")]) == nil)
        }
        #expect(KeyHashes.of([record("a"), record("b"), record("a")]) == nil)
        #expect(KeyHashes(sorted: [1, 3, 3]) == nil && KeyHashes(sorted: [3, 1]) == nil)
        #expect(KeyHashes(sorted: [1, 3])?.contains(3) == true && KeyHashes(sorted: [1, 3])?.contains(2) == false)
    }
}
