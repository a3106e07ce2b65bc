import WorldFactsModel
import WorldFactsSupport

/// Makes the shards of one scope, bucket by bucket (every key that starts with one scalar): a bucket
/// whose inputs are those of the previous build is kept as it was (`PreviousShards`); any other is
/// planned (`ShardPlanner`) and its entries written (`ShardEntry`). A large bucket is kept or planned as
/// its node and its parts, each part in the same way, so a change to one record plans again only the
/// few small parts it is in.
struct ScopeIndexer: Sendable {
    let scope: SearchScope
    let keys: SearchKeys
    let rows: SearchRows
    let planner: ShardPlanner
    let previous: PreviousShards
    /// `ShardEntry.hash` and `ShardEntry.floor` of every record, by position.
    let entryHashes: [UInt64]
    let entryFloors: [Int]
    /// Every record's entry, made beforehand when there is no previous build (all of them are written);
    /// nil on a rebuild, which makes the entries of the buckets it plans, when it plans them.
    let entries: [String]?
    /// By record position: the label of its collection, in the "All" scope of a site of several.
    let labels: [String?]

    init(scope: SearchScope, keys: SearchKeys, site: Site, rows: SearchRows, previous: PreviousShards) {
        self.scope = scope
        self.rows = rows
        self.previous = previous
        self.keys = keys
        planner = ShardPlanner(budget: site.config.search.shardBudget, previewSize: site.config.search.previewSize)
        let labels: [String?] =
            scope.collection == nil && site.hasHome
            ? site.collections.flatMap { [String?](repeating: $0.spec.label, count: $0.records.count) }
            : [String?](repeating: nil, count: rows.count)
        self.labels = labels
        entryHashes = Parallel.map(rows.count) {
            ShardEntry.hash(position: $0, rowInputs: rows.inputs[$0], texts: keys.texts[$0], label: labels[$0])
        }
        entryFloors = Parallel.map(rows.count) {
            ShardEntry.floor(
                position: $0, titleAndPath: rows.titleAndPathBytes[$0], texts: keys.texts[$0], label: labels[$0])
        }
        entries =
            previous.isEmpty
            ? Parallel.map(rows.count) {
                // A record outside the scope's collection has no keys and no entry.
                keys.texts[$0].isEmpty
                    ? "" : ShardEntry.json(position: $0, row: rows.row($0), texts: keys.texts[$0], label: labels[$0])
            } : nil
    }

    /// The scope's shards, every bucket on every core, and its part of the search manifest:
    /// `"<id>":{"l":[leaf prefixes],"p":[split prefixes]}`.
    func index() -> (part: String, files: [OutputFile]) {
        let buckets = keys.buckets()
        let shards = Parallel.map(buckets.count) { number in
            var shards = ScopeShards()
            add(buckets[number], to: &shards)
            return shards
        }
        let leaves = shards.flatMap(\.leaves).map(JSONText.quoted).joined(separator: ",")
        let splits = shards.flatMap(\.splits).map(JSONText.quoted).joined(separator: ",")
        return (JSONText.quoted(scope.id) + ":{\"l\":[" + leaves + "],\"p\":[" + splits + "]}", shards.flatMap(\.files))
    }

    /// The shards of a bucket (or of a part of one): kept whole, planned whole, or kept or planned as its
    /// node and its parts.
    func add(_ bucket: SearchKeys.Bucket, to shards: inout ScopeShards) {
        let digest = ShardUnit.digest(of: bucket, scope: scope, planner: planner, entryHashes: entryHashes)
        let whole = ShardUnit.whole.inputs(digest: digest)
        if let kept = previous.reusable(inputs: whole) { return shards.append(kept) }
        guard planner.mustSplit(bucket, entryFloor: bucket.positions.map { entryFloors[$0] }) else {
            return shards.append(planWhole(bucket, inputs: whole))
        }
        let node = ShardUnit.node.inputs(digest: digest)
        if bucket.prefix.count == 1, let kept = previous.bucket(bucket.first, nodeInputs: node) {
            return shards.append(kept)
        }
        shards.append(previous.reusable(inputs: node) ?? planNode(bucket, inputs: node))
        for part in bucket.parts() { add(part, to: &shards) }
    }

    /// A bucket planned whole: its shards, each carrying the unit's inputs.
    func planWhole(_ bucket: SearchKeys.Bucket, inputs: UInt64) -> ScopeShards {
        let entries = bucket.positions.map(entry)  // by the bucket's own record numbers
        let plans = planner.plan(bucket, entrySize: entries.map(\.utf8.count))
        return ScopeShards.planned(plans, scope: scope, inputs: inputs) { entries[bucket.number(of: $0)] }
    }

    /// The node alone of a bucket planned in parts: its preview.
    func planNode(_ bucket: SearchKeys.Bucket, inputs: UInt64) -> ScopeShards {
        ScopeShards.planned([planner.preview(of: bucket)], scope: scope, inputs: inputs, entry: entry)
    }

    /// The entry of the record at `position`.
    func entry(_ position: Int) -> String {
        entries?[position]
            ?? ShardEntry.json(
                position: position, row: rows.row(position), texts: keys.texts[position], label: labels[position])
    }
}
