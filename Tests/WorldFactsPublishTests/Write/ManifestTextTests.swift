import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// A manifest patched from the last one's text (its unchanged lines copied) is byte for byte the one
/// encoded whole, and its lines are where the text says; after lines are changed, dropped and added, at
/// the start, in the middle and at the end, and after all of them are dropped.
@Suite struct ManifestTextTests {
    /// A manifest of `lines` pages with random hashes, and its text.
    static func start(seed: UInt64, records: Int, lines: Int) -> (SplitMix, Manifest, [String], ManifestText) {
        var random = SplitMix(state: seed)
        var manifest = Manifest(sources: "abc", records: records)
        let order = (0..<lines).map { "pages/p\($0).html" }
        for path in order { manifest.entries[path] = Manifest.Entry(hash: random.next(), inputs: random.next()) }
        return (random, manifest, order, Manifest.text(header: manifest, order: order))
    }

    /// A text is the same text as its copies, which share its bytes; not as an equal text made apart, nor
    /// as one with other lines: an editing build trusts a manifest's index of lines only for the very text
    /// its order was read with.
    /// An order without the stale lines (`ManifestPatch.removing`), given unsorted and repeated, is the order
    /// with the paths at those places left out, the rest in order: against a filter of the test's own.
    @Test(arguments: [20_261_205, 5]) func anOrderLosesExactlyItsStaleLines(seed: UInt64) {
        var random = SplitMix(state: seed)
        for _ in 0..<50 {
            let order = (0..<Int.random(in: 0...400, using: &random)).map { "p/\($0 * 7 % 1_000).html" }
            let lines =
                order.isEmpty
                ? []
                : (0..<Int.random(in: 0...60, using: &random)).map { _ in order.indices.randomElement(using: &random)! }
            let gone = Set(lines)
            let expected = order.indices.filter { !gone.contains($0) }.map { order[$0] }
            #expect(ManifestPatch.removing(lines: lines, from: order) == expected)
        }
        #expect(ManifestPatch.removing(lines: [0, 2, 2], from: ["a", "b", "c", "d"]) == ["b", "d"])
    }

    @Test func aTextIsTheSameOnlyAsItsCopies() {
        let (_, manifest, order, text) = Self.start(seed: 3, records: 1, lines: 20)
        let copy = text
        let apart = Manifest.text(header: manifest, order: order)
        #expect(apart.bytes == text.bytes)
        #expect(text.isSameText(copy))
        #expect(!text.isSameText(apart))
        #expect(!text.isSameText(ManifestText(bytes: text.bytes, starts: [], ends: [])))
    }

    @Test func aPatchedManifestIsTheOneEncodedWhole() throws {
        var (random, manifest, order, text) = Self.start(seed: 23, records: 3, lines: 300)
        for step in 0..<80 {
            var replaced: [Int: String?] = [:]
            for _ in 0..<Int(random.next() % 4) where !order.isEmpty {
                let line = Int(random.next() % UInt64(order.count))
                if random.next() % 3 == 0 {
                    replaced.updateValue(nil, forKey: line)
                } else {
                    manifest.entries[order[line]] = Manifest.Entry(hash: random.next(), inputs: nil)
                    replaced.updateValue(order[line], forKey: line)
                }
            }
            if step % 20 == 19 { for line in order.indices { replaced.updateValue(nil, forKey: line) } }
            let added = (0..<Int(random.next() % 3)).map { "new/\(step)-\($0).html" }
            for path in added { manifest.entries[path] = Manifest.Entry(hash: random.next(), inputs: random.next()) }
            for (line, path) in replaced where path == nil { manifest.entries[order[line]] = nil }
            manifest.records = step
            let patched = ManifestText.patched(text, header: manifest, replaced: replaced, added: added)
            order = order.indices.filter { replaced[$0] != .some(nil) }.map { order[$0] } + added
            let whole = Manifest.text(header: manifest, order: order)
            #expect(patched.bytes == whole.bytes, "step \(step)")
            #expect(patched.starts == whole.starts && patched.ends == whole.ends, "step \(step)")
            var read: [String] = []
            var readText: ManifestText?
            #expect(Manifest.decode(patched.bytes, order: &read, text: &readText) == manifest, "step \(step)")
            #expect(read == order && readText?.starts == whole.starts && readText?.ends == whole.ends, "step \(step)")
            text = patched
        }
    }

    /// With a copy of the last text's bytes (`PreparedCopy`), an edit that moves no byte is written there in place
    /// (the header as long, each entry encoded again as long, no line dropped or added), and any other is
    /// made as before; either way the text is the one encoded whole.
    @Test func aManifestPatchedInItsPreparedCopyIsTheOneEncodedWhole() throws {
        var (random, manifest, order, text) = Self.start(seed: 29, records: 100, lines: 200)
        var inPlace = 0
        for step in 0..<60 {
            var replaced: [Int: String?] = [:]
            for _ in 0..<1 + Int(random.next() % 3) {
                let line = Int(random.next() % UInt64(order.count))
                switch random.next() % 8 {
                case 0: replaced.updateValue(nil, forKey: line)
                case 1: manifest.entries[order[line]] = Manifest.Entry(hash: random.next(), inputs: nil)
                default: manifest.entries[order[line]] = Manifest.Entry(hash: random.next(), inputs: random.next())
                }
                if replaced[line] != .some(nil) { replaced.updateValue(order[line], forKey: line) }
            }
            let added = step % 10 == 9 ? ["new/\(step).html"] : []
            for path in added { manifest.entries[path] = Manifest.Entry(hash: random.next(), inputs: random.next()) }
            for (line, path) in replaced where path == nil { manifest.entries[order[line]] = nil }
            manifest.records = step % 7 == 6 ? 1_000 + step : 100 + step
            let prepared = PreparedCopy<[UInt8]>()
            prepared.make(copying: text.bytes)
            let patched = ManifestText.patched(
                text, header: manifest, replaced: replaced, added: added, prepared: prepared)
            if patched.starts.withUnsafeBufferPointer(\.baseAddress)
                == text.starts.withUnsafeBufferPointer(\.baseAddress)
            {
                inPlace += 1
            }
            order = order.indices.filter { replaced[$0] != .some(nil) }.map { order[$0] } + added
            let whole = Manifest.text(header: manifest, order: order)
            #expect(patched.bytes == whole.bytes, "step \(step)")
            #expect(patched.starts == whole.starts && patched.ends == whole.ends, "step \(step)")
            let left = prepared.take() != nil
            #expect(left == !added.isEmpty, "step \(step): the copy is taken unless lines are added")
            text = patched
        }
        // Both ways were taken, many times each.
        #expect(inPlace >= 10 && inPlace <= 50, "\(inPlace) of 60 in place")
    }
}
