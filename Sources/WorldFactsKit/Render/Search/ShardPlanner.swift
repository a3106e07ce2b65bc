/// A node of the prefix tree of one scope: a complete shard (every record with a key starting with the
/// prefix) or, when that would exceed the size budget, a preview of the first results and their total.
public struct ShardPlan: Sendable, Equatable {
    public enum Kind: String, Sendable { case leaf = "l", preview = "p" }
    public var prefix: String
    public var kind: Kind
    /// Record positions, ranked: whole-field matches first, then word-start matches, each in index order.
    public var records: [Int]
    /// How many records match the prefix in all.
    public var total: Int
}

/// Plans the shards of one scope. Pure: keys and entry sizes in, plans out.
/// A prefix whose shard would exceed `budget` bytes is split by its next character; it then keeps a
/// preview of `previewSize` records and the exact total. A prefix that cannot be split (every key in it
/// ends there) stays one leaf whatever its size, so no record is ever unreachable.
public struct ShardPlanner: Sendable {
    public var budget: Int
    public var previewSize: Int

    public init(budget: Int, previewSize: Int) {
        self.budget = budget
        self.previewSize = previewSize
    }

    /// `entrySize[record]` is the encoded size of the record's entry in a shard.
    public func plan(keys: SearchKeys, entrySize: [Int]) -> [ShardPlan] {
        keys.buckets().flatMap { bucket in plan(bucket, entrySize: bucket.positions.map { entrySize[$0] }) }
    }

    /// The shards of one bucket: its one-scalar prefix and everything below it. The root of the prefix
    /// tree is never a shard, so the buckets together are the whole plan, in prefix order.
    /// `entrySize` is by the bucket's own record numbers.
    func plan(_ bucket: SearchKeys.Bucket, entrySize: [Int]) -> [ShardPlan] {
        var suffixes = bucket.suffixes
        suffixes.sort(by: SearchKeys.Suffix.precedes)
        let positions = bucket.positions
        var plans: [ShardPlan] = []
        var stamp = [Int](repeating: -1, count: positions.count)
        var nodeNumber = 0

        // Ranked unique records (the bucket's numbers) of a sorted range of suffixes.
        func records(_ range: Range<Int>) -> [Int32] {
            nodeNumber += 1
            var whole: [Int32] = [], word: [Int32] = []
            for index in range where suffixes[index].isWhole && stamp[Int(suffixes[index].record)] != nodeNumber {
                stamp[Int(suffixes[index].record)] = nodeNumber
                whole.append(suffixes[index].record)
            }
            for index in range where stamp[Int(suffixes[index].record)] != nodeNumber {
                stamp[Int(suffixes[index].record)] = nodeNumber
                word.append(suffixes[index].record)
            }
            return whole.sorted() + word.sorted()
        }

        // The children of a node: its suffixes longer than `depth`, grouped by the scalar at `depth`.
        // Suffixes that end exactly at the node sort first in its range and belong to no child.
        func visitChildren(_ range: Range<Int>, depth: Int, prefix: String) {
            var start = range.lowerBound
            while start < range.upperBound, suffixes[start].scalars.count <= depth { start += 1 }
            while start < range.upperBound {
                let next = suffixes[start].scalars[suffixes[start].scalars.startIndex + depth]
                var end = start + 1
                while end < range.upperBound, suffixes[end].scalars[suffixes[end].scalars.startIndex + depth] == next { end += 1 }
                var childPrefix = prefix
                childPrefix.unicodeScalars.append(next)
                visit(start..<end, depth: depth + 1, prefix: childPrefix)
                start = end
            }
        }

        func visit(_ range: Range<Int>, depth: Int, prefix: String) {
            let ranked = records(range)
            let size = ranked.reduce(16) { $0 + entrySize[Int($1)] + 1 }
            let splittable = range.contains { suffixes[$0].scalars.count > depth }
            if size <= budget || !splittable {
                plans.append(ShardPlan(prefix: prefix, kind: .leaf, records: ranked.map { positions[Int($0)] }, total: ranked.count))
                return
            }
            plans.append(ShardPlan(prefix: prefix, kind: .preview, records: ranked.prefix(previewSize).map { positions[Int($0)] }, total: ranked.count))
            visitChildren(range, depth: depth, prefix: prefix)
        }

        // Every suffix of the bucket starts with its scalar: the bucket is the one-scalar node.
        visit(suffixes.indices, depth: 1, prefix: String(bucket.first))
        return plans
    }
}
