import Testing

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsWrite

/// A manifest patched from the last one's text (its unchanged lines copied) is byte for byte the one
/// encoded whole, and its lines are where the text says; after lines are changed, dropped and added, at
/// the start, in the middle and at the end, and after all of them are dropped.
@Suite struct ManifestTextTests {
    @Test func aPatchedManifestIsTheOneEncodedWhole() throws {
        var random = SplitMix(state: 23)
        var manifest = Manifest(sources: "abc", records: 3)
        var order = (0..<300).map { "pages/p\($0).html" }
        for path in order { manifest.entries[path] = Manifest.Entry(hash: random.next(), inputs: random.next()) }
        var text = Manifest.text(header: manifest, order: order)
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
}
