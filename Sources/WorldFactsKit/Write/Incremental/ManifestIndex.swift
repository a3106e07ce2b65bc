import WorldFactsSupport

/// A manifest's entries, found by path in its text (`ManifestText`) through a table of line numbers
/// keyed by the hash of each line's path. An entry is decoded from its line when it is asked for.
///
/// Reading a manifest so makes no string, no decoded entry and no dictionary slot per line. A manifest has a
/// line per file: decoding each entry and putting it into a dictionary by its path cost a large site's
/// editing build far more than looking up the dozen it needs.
final class ManifestIndex: Sendable {
    let text: ManifestText
    /// By line: where its path ends in `text.bytes` (at the path's closing quote).
    private let keyEnds: [Int]
    /// Open addressing, probed one slot after another: 0 for an empty slot, else a line's number plus one.
    /// A power of two long, at least twice as many as the lines.
    private let slots: [Int32]

    /// The index of `text`, whose line `i`'s path ends at `keyEnds[i]`; nil when a path is on two lines
    /// (then the manifest is read into a dictionary, which keeps the last one's entry).
    init?(text: ManifestText, keyEnds: [Int]) {
        precondition(keyEnds.count == text.starts.count && keyEnds.count < Int(Int32.max))
        self.text = text
        self.keyEnds = keyEnds
        var size = 16
        while size < 2 * keyEnds.count { size *= 2 }
        let mask = size - 1
        var slots = [Int32](repeating: 0, count: size)
        let repeated = { () -> Bool in
            // The paths' hashes on every core; the table is filled on one.
            let hashes = Parallel.map(keyEnds.count, chunk: 1 << 16) { range in
                range.map { BulkHash.of(text.bytes, Self.key(at: $0, text: text, keyEnds: keyEnds)) }
            }.flatMap { $0 }
            for line in 0..<keyEnds.count {
                var slot = Int(truncatingIfNeeded: hashes[line]) & mask
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1
                    if hashes[other] == hashes[line],
                        text.bytes[Self.key(at: line, text: text, keyEnds: keyEnds)]
                            .elementsEqual(text.bytes[Self.key(at: other, text: text, keyEnds: keyEnds)])
                    {
                        return true
                    }
                    slot = (slot + 1) & mask
                }
                slots[slot] = Int32(line + 1)
            }
            return false
        }()
        guard !repeated else { return nil }
        self.slots = slots
    }

    /// How many lines, each with a path of its own.
    var count: Int { keyEnds.count }

    /// The line whose path is `path`, if any.
    func line(of path: String) -> Int? {
        let hash = BulkHash.of(utf8: path)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let line = Int(slots[slot]) - 1
            let key = Self.key(at: line, text: text, keyEnds: keyEnds)
            if key.count == path.utf8.count, text.bytes[key].elementsEqual(path.utf8) { return line }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The entry of the line whose path is `path`, if any.
    func entry(for path: String) -> Manifest.Entry? { line(of: path).map(entry(at:)) }

    /// The entry on `line`: its value (`"<hash>[ <inputs>]"`) starts after the path's closing quote,
    /// a colon, a space and a quote, and ends before the line's closing quote.
    func entry(at line: Int) -> Manifest.Entry {
        Manifest.entry(text.bytes[(keyEnds[line] + 4)..<(text.ends[line] - 1)])
    }

    /// The path on `line`.
    func path(at line: Int) -> String {
        String(decoding: text.bytes[Self.key(at: line, text: text, keyEnds: keyEnds)], as: UTF8.self)
    }

    /// Where the path on `line` is in the text's bytes: between its quotes.
    private static func key(at line: Int, text: ManifestText, keyEnds: [Int]) -> Range<Int> {
        (text.starts[line] + 1)..<keyEnds[line]
    }
}
