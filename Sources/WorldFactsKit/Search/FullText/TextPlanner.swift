import WorldFactsSupport

/// Plans the shards of a full-text scope. Pure: keys in, nodes of the prefix tree out.
///
/// It differs from `ShardPlanner` in one way, which is why it is its own: an entry of a full-text scope is
/// not the same in every shard. It carries the note's words that start with the shard's prefix (a leaf,
/// every one of them; a preview, the first), not the whole note, so that a note of n words costs the index
/// about n words, not n times the note. A node's size is then its records' fixed parts plus the words it
/// holds. The rules are `ShardPlanner`'s: a node over `budget` bytes is split by its next scalar into a
/// preview (`previewSize` records and the total) and its children, unless a key cut at
/// `SearchKeys.maxKeyBytes` ends at it or it holds one record. A node where every key ends is a preview
/// with no children: the query of its prefix shows its first records and counts the rest, and no longer
/// query matches them.
struct TextPlanner {
    /// One key of one record: a word start of a field text to the text's end, or a word of its note.
    struct Key {
        var record: Int32
        var scalars: [Unicode.Scalar]
        /// From the start of a field's text (a whole-field match).
        var isWhole: Bool
        /// Cut at `SearchKeys.maxKeyBytes`: the node where it ends is a leaf.
        var isCut: Bool
        /// The number of the record's note word it is (`NoteWords.of`), or -1 for a field's.
        var word: Int32
    }

    /// A shard: its prefix, kind, the records it shows with the words of each that it carries (by their
    /// number), ranked, and how many records match the prefix in all.
    struct Node {
        var prefix: String
        var kind: ShardPlan.Kind
        var entries: [(record: Int, words: [Int])]
        var total: Int
    }

    var budget: Int
    var previewSize: Int

    /// `fixed[record]`: the bytes of its entry without words; `wordBytes[record][word]`: each word's.
    /// `scores[record]`: its rank score. Nodes come in prefix order, a node before those below it.
    func plan(keys: [Key], fixed: [Int], wordBytes: [[Int]], scores: [Double?]) -> [Node] {
        let keys = keys.sorted { a, b in
            a.scalars.lexicographicallyPrecedes(b.scalars) { $0.value < $1.value }
                || (a.scalars == b.scalars && a.record < b.record)
        }
        var nodes: [Node] = []

        /// The records of a node in search order (`search.js` `rank`): a field equal to the prefix first,
        /// then by score (higher first, none last), then whole-field matches before later words and note
        /// words, then by record; with each record's words in the node, by order of occurrence.
        func ranked(_ range: Range<Int>, depth: Int) -> [(record: Int, words: [Int])] {
            var found: [Int: (tier: Int, words: [Int])] = [:]
            for key in keys[range] {
                let tier =
                    key.word >= 0
                    ? 2 : key.isWhole && !key.isCut && key.scalars.count == depth ? 0 : key.isWhole ? 1 : 2
                var value = found[Int(key.record)] ?? (2, [])
                value.tier = min(value.tier, tier)
                if key.word >= 0 { value.words.append(Int(key.word)) }
                found[Int(key.record)] = value
            }
            return found.sorted { a, b in
                let (x, y) = (a.value, b.value)
                if (x.tier == 0) != (y.tier == 0) { return x.tier == 0 }
                let (p, q) = (scores[a.key], scores[b.key])
                if p != q { return q.map { q in p.map { $0 > q } ?? false } ?? true }
                return (x.tier, a.key) < (y.tier, b.key)
            }.map { ($0.key, $0.value.words.sorted()) }
        }

        func visit(_ range: Range<Int>, depth: Int, prefix: String) {
            let records = ranked(range, depth: depth)
            var size = 16
            for (record, words) in records {
                size += fixed[record] + 1 + words.reduce(0) { $0 + wordBytes[record][$1] + 1 }
            }
            let cutEnds = keys[range].contains { $0.isCut && $0.scalars.count == depth }
            if size <= budget || cutEnds || records.count == 1 {
                nodes.append(
                    Node(
                        prefix: prefix, kind: .leaf, entries: records.map { ($0.record, $0.words) },
                        total: records.count))
                return
            }
            nodes.append(
                Node(
                    prefix: prefix, kind: .preview,
                    entries: records.prefix(previewSize).map { ($0.record, Array($0.words.prefix(1))) },
                    total: records.count))
            var start = range.lowerBound
            while start < range.upperBound, keys[start].scalars.count <= depth { start += 1 }
            while start < range.upperBound {
                let next = keys[start].scalars[depth]
                var end = start + 1
                while end < range.upperBound, keys[end].scalars[depth] == next { end += 1 }
                var child = prefix
                child.unicodeScalars.append(next)
                visit(start..<end, depth: depth + 1, prefix: child)
                start = end
            }
        }

        var start = 0
        while start < keys.count {
            guard let first = keys[start].scalars.first else {
                start += 1
                continue
            }
            var end = start + 1
            while end < keys.count, keys[end].scalars.first == first { end += 1 }
            visit(start..<end, depth: 1, prefix: String(first))
            start = end
        }
        return nodes
    }
}
