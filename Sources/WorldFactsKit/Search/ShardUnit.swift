import WorldFactsModel
import WorldFactsSupport

/// How a part of a scope's shards was planned, which is what a rebuild keeps or plans again whole: a
/// bucket whole, or the node alone of a bucket planned in parts. Every file of a unit carries the unit's
/// inputs (`inputs(digest:)`), by which the next build finds the unit's files.
enum ShardUnit: UInt8 {
    case whole = 1
    case node = 2

    /// What every file of the unit carries: its bucket's digest and how it was planned.
    func inputs(digest: UInt64) -> UInt64 {
        var hash = StableHash()
        hash.mix(digest)
        hash.add(rawValue)
        return hash.value
    }

    /// Everything a bucket's shards are made of: the generator's version, the scope, the planner's
    /// settings, and the position and entry of every record in it (an entry holds the record's folded
    /// texts, so its suffixes too). `entryHashes` are by record position (`ShardEntry.hash`).
    static func digest(of bucket: SearchKeys.Bucket, scope: SearchScope, planner: ShardPlanner, entryHashes: [UInt64])
        -> UInt64
    {
        var hash = StableHash()
        hash.add(contentsOf: GeneratorVersion.current.utf8)
        hash.add(0xFF)
        hash.add(contentsOf: scope.id.utf8)
        hash.add(0xFF)
        hash.mix(UInt64(planner.budget))
        hash.mix(UInt64(planner.previewSize))
        hash.mix(UInt64(bucket.prefix.count))
        for scalar in bucket.prefix { hash.mix(UInt64(scalar.value)) }
        hash.mix(UInt64(bucket.suffixes.count))
        for position in bucket.positions {
            hash.mix(UInt64(position))
            hash.mix(entryHashes[position])
        }
        return hash.value
    }
}
