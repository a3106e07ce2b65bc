import Algorithms
import WorldFactsModel
import WorldFactsSupport

/// Plans the shards of one scope. Pure: keys and entry sizes in, plans out.
/// A prefix whose shard would exceed `budget` bytes is split by its next character; it then keeps a
/// preview of its first `previewSize` records, in search order, and the exact total. The records whose
/// keys end at the prefix are in no shard below it: the query of the prefix shows the first of them and
/// counts the rest, and no longer query matches them. So a word in most titles ("airport") is a preview
/// of `previewSize` records, not a shard of every title that ends with it, and a prefix where every key
/// ends is a preview with nothing below it. Two prefixes stay one leaf whatever their size: one where a
/// key cut at `SearchKeys.maxKeyBytes` ends, since its text goes on and a longer query must find it
/// there; and a prefix of one record, whose entry alone may exceed the budget: splitting it again would
/// only copy that entry into more shards.
public struct ShardPlanner: Sendable {
    public var budget: Int
    public var previewSize: Int
    public init(budget: Int, previewSize: Int) {
        self.budget = budget
        self.previewSize = previewSize
    }

    /// The filters' values of each record of a bucket (`ScopeFilters`), by filter and by the bucket's record
    /// number, and how many values each filter has: a preview counts its records by value.
    struct Values {
        let byRecord: [[[Int32]]]
        let counts: [Int]

        /// For each filter, how many of `records` (the bucket's numbers, each once) have each value.
        func counts(of records: some Sequence<Int>) -> [[Int]] {
            var counts = self.counts.map { [Int](repeating: 0, count: $0) }
            for record in records {
                for filter in byRecord.indices {
                    for value in byRecord[filter][record] { counts[filter][Int(value)] += 1 }
                }
            }
            return counts
        }
    }

    /// `entrySize[record]` is the encoded size of the record's entry in a shard, and `scores[record]` its
    /// score (`RecordRanks`).
    public func plan(keys: SearchKeys, entrySize: [Int], scores: [Double?]? = nil) -> [ShardPlan] {
        keys.buckets().flatMap { bucket in
            plan(
                bucket, entrySize: bucket.positions.map { entrySize[$0] },
                scores: scores.map { scores in bucket.positions.map { scores[$0] } })
        }
    }

    /// The shards of one bucket: its one-scalar prefix and everything below it. The root of the prefix
    /// tree is never a shard, so the buckets together are the whole plan, in prefix order.
    /// `entrySize` and `scores` (`RecordRanks`, nil when no record has one) are by the bucket's own
    /// record numbers.
    /// `values`: the filters' (`Values`), which a preview counts its records by.
    func plan(_ bucket: SearchKeys.Bucket, entrySize: [Int], scores: [Double?]? = nil, values: Values? = nil)
        -> [ShardPlan]
    {
        let suffixes = Self.sorted(bucket.suffixes, in: bucket)
        let positions = bucket.positions
        var plans: [ShardPlan] = []
        var stamp = [Int](repeating: -1, count: positions.count)
        var nodeNumber = 0

        func ranked(_ range: Range<Int>, depth: Int, limit: Int) -> [Int32] {
            nodeNumber += 1
            return Self.ranked(
                suffixes[range], depth: depth, limit: limit, scores: scores, stamp: &stamp, mark: nodeNumber)
        }

        // The children of a node: its suffixes longer than `depth`, grouped by the scalar at `depth`.
        // Suffixes that end exactly at the node sort first in its range and belong to no child.
        func visitChildren(_ range: Range<Int>, depth: Int, prefix: String) {
            var start = range.lowerBound
            while start < range.upperBound, suffixes[start].count <= depth { start += 1 }
            while start < range.upperBound {
                let next = bucket.scalar(of: suffixes[start], at: depth)
                var end = start + 1
                while end < range.upperBound, bucket.scalar(of: suffixes[end], at: depth) == next {
                    end += 1
                }
                var childPrefix = prefix
                childPrefix.unicodeScalars.append(next)
                visit(start..<end, depth: depth + 1, prefix: childPrefix)
                start = end
            }
        }

        func visit(_ range: Range<Int>, depth: Int, prefix: String) {
            // How many records match and how large their shard would be, before ranking any.
            nodeNumber += 1
            var total = 0, size = 16
            for index in range where stamp[Int(suffixes[index].record)] != nodeNumber {
                stamp[Int(suffixes[index].record)] = nodeNumber
                total += 1
                size += entrySize[Int(suffixes[index].record)] + 1
            }
            // Suffixes that end at the node sort first: the node is a leaf when one of them is a key cut short
            // of its text (`Suffix.isCut`).
            let cutEnds = suffixes[range].prefix { $0.count <= depth }.contains { $0.isCut }
            if size <= budget || cutEnds || total == 1 {
                plans.append(
                    ShardPlan(
                        prefix: prefix, kind: .leaf,
                        records: ranked(range, depth: depth, limit: total).map { positions[Int($0)] }, total: total))
                return
            }
            var preview = ShardPlan(
                prefix: prefix, kind: .preview,
                records: ranked(range, depth: depth, limit: previewSize).map { positions[Int($0)] }, total: total)
            if let values {
                nodeNumber += 1
                var records: [Int] = []
                for index in range where stamp[Int(suffixes[index].record)] != nodeNumber {
                    stamp[Int(suffixes[index].record)] = nodeNumber
                    records.append(Int(suffixes[index].record))
                }
                preview.counts = values.counts(of: records)
            }
            plans.append(preview)
            visitChildren(range, depth: depth, prefix: prefix)
        }

        // Every suffix of the bucket starts with its prefix: the bucket is the prefix's node.
        visit(suffixes.indices, depth: bucket.prefix.count, prefix: bucket.prefixText)
        return plans
    }

    /// True when the bucket's node is a preview whatever its entries' subtitles and details are: even
    /// at their smallest (`entryFloor`, by the bucket's record numbers; see `SearchIndex.entryFloor`)
    /// its records would exceed the budget, and no key cut short ends at it. Such a bucket can be
    /// planned as its node (`preview(of:)`) and its parts (`Bucket.parts()`), each on its own: the
    /// plans are those `plan` gives for the whole.
    func mustSplit(_ bucket: SearchKeys.Bucket, entryFloor: some Sequence<Int>) -> Bool {
        bucket.positions.count > 1 && 16 + entryFloor.reduce(0) { $0 + $1 + 1 } > budget
            && !bucket.suffixes.contains { $0.isCut && $0.count == bucket.prefix.count }
    }

    /// The node of a bucket that `mustSplit`: its first records, ranked as `plan` ranks them, and its
    /// total, without sorting its suffixes or sizing its entries.
    /// `order`: by the bucket's record numbers, the order that breaks ties in place of the numbers (the "All"
    /// scope's, which merges collections: `SearchNumbers`).
    func preview(
        of bucket: SearchKeys.Bucket, scores: [Double?]? = nil, values: Values? = nil, order: [Int32]? = nil
    ) -> ShardPlan {
        var stamp = [Int](repeating: -1, count: bucket.positions.count)
        let records = Self.ranked(
            bucket.suffixes, depth: bucket.prefix.count, limit: previewSize, scores: scores, stamp: &stamp, mark: 0,
            order: order
        ).map { bucket.positions[Int($0)] }
        return ShardPlan(
            prefix: bucket.prefixText, kind: .preview, records: records, total: bucket.positions.count,
            counts: values?.counts(of: bucket.positions.indices) ?? [])
    }

    /// Ranked unique records (the bucket's numbers) of the suffixes of a node `depth` scalars deep, as
    /// `search.js` orders what a query of the node's prefix finds: a record with a text equal to the
    /// prefix first, then by score (`scores`, higher first, none last), then those whose text starts with
    /// the prefix before those where a later word does, then in record order; only the first `limit` of
    /// them. The order the suffixes come in does not matter. A record is counted once: `stamp[record]` is
    /// set to `mark` when it is taken, so a stamp array can serve many nodes, each with a mark of its own.
    /// `order`, when given, stands for the record numbers in "record order"
    /// (`preview(of:scores:values:order:)`).
    static func ranked<Suffixes: Collection<SearchKeys.Suffix>>(
        _ suffixes: Suffixes, depth: Int, limit: Int, scores: [Double?]? = nil, stamp: inout [Int], mark: Int,
        order: [Int32]? = nil
    ) -> [Int32] {
        let tiers: [(SearchKeys.Suffix) -> Bool] = [
            { $0.isWhole && !$0.isCut && Int($0.count) == depth }, { $0.isWhole }, { _ in true },
        ]
        guard let scores else {
            var taken: [Int32] = []
            for tier in tiers where taken.count < limit {
                // The place in `order` above the record's number, so that the smallest kept are the first.
                var records = PreviewRecords(limit: limit - taken.count)
                for suffix in suffixes where stamp[Int(suffix.record)] != mark && tier(suffix) {
                    stamp[Int(suffix.record)] = mark
                    records.add(Int64(order?[Int(suffix.record)] ?? 0) << 32 | Int64(suffix.record))
                }
                taken += records.sorted.map { Int32(truncatingIfNeeded: $0) }
            }
            return taken
        }
        var found: [(record: Int32, tier: Int)] = []
        for (number, tier) in tiers.enumerated() {
            for suffix in suffixes where stamp[Int(suffix.record)] != mark && tier(suffix) {
                stamp[Int(suffix.record)] = mark
                found.append((suffix.record, number))
            }
        }
        return found.min(count: limit) { a, b in
            if (a.tier == 0) != (b.tier == 0) { return a.tier == 0 }
            let (x, y) = (scores[Int(a.record)], scores[Int(b.record)])
            if x != y { return y.map { y in x.map { $0 > y } ?? false } ?? true }
            return (a.tier, order?[Int(a.record)] ?? a.record) < (b.tier, order?[Int(b.record)] ?? b.record)
        }.map(\.record)
    }

    /// Suffixes in code point order, then record order. Each distinct text is compared once: suffixes
    /// are numbered by text, the texts sorted, and the suffixes then sorted by number, as integers. A
    /// scope where many records share a text (time zones) sorts in a fraction of the time.
    static func sorted(_ suffixes: [SearchKeys.Suffix], in bucket: SearchKeys.Bucket) -> [SearchKeys.Suffix] {
        var rank: [UInt64] = []
        var textOfSuffix: [Int] = []
        textOfSuffix.reserveCapacity(suffixes.count)
        let scalars = bucket.scalars
        var numbers = TextInterner<Unicode.Scalar>(capacity: suffixes.count)
        for suffix in suffixes {
            textOfSuffix.append(numbers.number(start: suffix.start, count: suffix.count, in: scalars))
        }
        let (starts, counts) = (numbers.starts, numbers.counts)
        /// `SearchKeys.inScalarOrder` of two texts, read by index where they are.
        func precedes(_ a: Int, _ b: Int) -> Bool {
            let (startA, startB) = (Int(starts[a]), Int(starts[b]))
            let (countA, countB) = (Int(counts[a]), Int(counts[b]))
            for offset in 0..<min(countA, countB) {
                let (x, y) = (scalars[startA + offset].value, scalars[startB + offset].value)
                if x != y { return x < y }
            }
            return countA < countB
        }
        rank = [UInt64](repeating: 0, count: numbers.count)
        let textOrder = (0..<numbers.count).sorted(by: precedes)
        for (position, number) in textOrder.enumerated() { rank[number] = UInt64(position) }
        // Rank and record in one integer; suffixes with equal ones are equal, in any order.
        var order = suffixes.indices.map {
            (key: rank[textOfSuffix[$0]] << 32 | UInt64(UInt32(suffixes[$0].record)), index: $0)
        }
        order.sort { $0.key < $1.key }
        return order.map { suffixes[$0.index] }
    }
}
