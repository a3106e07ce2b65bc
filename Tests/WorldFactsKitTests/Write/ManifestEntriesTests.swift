import Testing

@testable import WorldFactsWrite

/// `ManifestEntries` holds what a plain dictionary would, through changes made while its storage is
/// shared (kept copies, as a live model keeps the last build's manifest) and while it is not, and past
/// the size where the overlay is folded; copies taken along the way keep what they held.
@Suite struct ManifestEntriesTests {
    typealias Entry = Manifest.Entry

    /// Checks every way of reading `entries` against `expected`.
    func check(_ entries: ManifestEntries, _ expected: [String: Entry], _ step: Int) {
        #expect(entries.count == expected.count, "step \(step)")
        #expect(entries.dictionary == expected, "step \(step)")
        #expect(Set(entries.keys) == Set(expected.keys) && entries.keys.count == expected.count, "step \(step)")
        var iterated: [String: Entry] = [:]
        for (key, value) in entries { #expect(iterated.updateValue(value, forKey: key) == nil, "step \(step)") }
        #expect(iterated == expected, "step \(step)")
        for key in expected.keys.prefix(50) { #expect(entries[key] == expected[key], "step \(step)") }
        #expect(entries == ManifestEntries(expected), "step \(step)")
    }

    @Test func holdsWhatADictionaryHoldsThroughSharedAndUnsharedChanges() {
        var random = SplitMix(state: 41)
        var entries = ManifestEntries()
        var expected: [String: Entry] = [:]
        var kept: [(ManifestEntries, [String: Entry])] = []
        for step in 0..<400 {
            // Now and then a copy is kept (the storage is shared), or all copies are let go.
            if random.next() % 5 == 0 { kept.append((entries, expected)) }
            if random.next() % 11 == 0 { kept = [] }
            for _ in 0..<Int(random.next() % 40) {
                let path = "p/\(random.next() % 3_000).html"
                let entry = Entry(hash: random.next(), inputs: random.next() % 2 == 0 ? nil : random.next())
                switch random.next() % 4 {
                case 0:
                    #expect(entries.removeValue(forKey: path) == expected.removeValue(forKey: path), "step \(step)")
                case 1:
                    entries[path] = nil
                    expected[path] = nil
                case 2:
                    entries[path] = entry
                    expected[path] = entry
                default:
                    #expect(entries.updateValue(entry, forKey: path) == expected.updateValue(entry, forKey: path))
                }
            }
            if step % 7 == 0 { entries.reserveCapacity(entries.count + 10) }
            check(entries, expected, step)
        }
        for (copy, held) in kept { check(copy, held, -1) }
    }

    /// Past `smallestFold` changes over a shared storage, the overlay is folded in; equality still holds
    /// both ways, shared or not.
    @Test func foldsALargeOverlayAndStaysEqual() {
        var base: [String: Entry] = [:]
        for number in 0..<5_000 { base["p/\(number)"] = Entry(hash: UInt64(number), inputs: nil) }
        let original = ManifestEntries(base)
        var changed = original
        #expect(changed == original)
        for number in 0..<3_000 { changed["p/\(number)"] = Entry(hash: UInt64(number) + 1, inputs: 7) }
        #expect(changed != original)
        #expect(original.dictionary == base, "the kept copy is untouched")
        for number in 0..<3_000 { changed["p/\(number)"] = Entry(hash: UInt64(number), inputs: nil) }
        #expect(changed == original)
        #expect(changed.count == 5_000)
        changed["p/0"] = nil
        #expect(changed != original && changed.count == 4_999)
    }
}
