import Testing

@testable import WorldFactsTestSupport
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
        changeAtRandom(ManifestEntries(), expected: [:], seed: 41)
    }

    /// A manifest read from its file keeps its entries in its text (`ManifestIndex`): every path is
    /// found there with its entry (an unknown hash, a hash alone, a hash and inputs), a path it does not
    /// list is not, and changes over it hold what they would over a dictionary.
    @Test func holdsWhatADictionaryHoldsFromAManifestsText() throws {
        var random = SplitMix(state: 7)
        var base: [String: Entry] = [:]
        for number in 0..<800 {
            let kind = random.next() % 3
            base["p/\(number % 40)/\(number).html"] = Entry(
                hash: kind == 0 ? nil : random.next(), inputs: kind == 2 ? random.next() : nil)
        }
        let bytes = Manifest(entries: base, sources: "s").encoded()
        var order: [String] = []
        var text: ManifestText?
        let read = try #require(ManifestLines.decode(bytes, order: &order, text: &text))
        #expect(read.entries.capacity == base.count && text != nil && order.count == base.count)
        check(read.entries, base, -2)
        for path in base.keys { #expect(read.entries[path] == base[path]) }
        #expect(read.entries["p/1/1"] == nil && read.entries["p/1/1.htm"] == nil && read.entries[""] == nil)
        changeAtRandom(read.entries, expected: base, seed: 43)
        check(read.entries, base, -3)
    }

    /// A path on two lines is not indexed: the JSON parser reads the manifest, and keeps the last entry.
    @Test func aRepeatedPathIsReadByTheParser() throws {
        let line = "\n    \"a.html\": \"0000000000000001\",\n    \"b.html\": \"0000000000000002\","
        let text =
            "{\n  \"generator\": \"worldfacts\",\n  \"version\": 2,\n  \"files\": {"
            + line + "\n    \"a.html\": \"0000000000000003\"\n  }\n}\n"
        var order: [String] = []
        var read: ManifestText?
        #expect(ManifestLines.decode(Array(text.utf8), order: &order, text: &read) == nil)
        let manifest = try #require(Manifest.decode(Array(text.utf8)))
        #expect(manifest.entries.dictionary == ["a.html": Entry(hash: 3), "b.html": Entry(hash: 2)])
    }

    /// Random changes to `start`, which holds `expected`: each step checked against a dictionary, and
    /// copies kept along the way checked at the end.
    func changeAtRandom(_ start: ManifestEntries, expected held: [String: Entry], seed: UInt64) {
        var random = SplitMix(state: seed)
        var entries = start
        var expected = held
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
