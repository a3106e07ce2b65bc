import WorldFactsModel
import WorldFactsSupport

/// Makes the shards of one scope, bucket by bucket (every key that starts with one scalar): a bucket
/// whose inputs are those of the previous build is kept as it was (`PriorShards`); any other is
/// planned (`ShardPlanner`) and its entries written (`ShardEntry`). A large bucket is kept or planned as
/// its node and its parts, each part in the same way, so a change to one record plans again only the
/// few small parts it is in.
///
/// The "All" scope writes only previews (`indexPreviews`), one at every prefix where one of the scopes
/// it merges (`members`) has one; below them `search.js` loads the members' shards and merges them. A
/// query that leaves the All scope's previews has left every member's too, so each member answers it
/// with a leaf (every match) or nothing, and no record is missed.
struct ScopeIndexer: Sendable {
    let scope: SearchScope
    let keys: SearchKeys
    let rows: SearchRows
    let planner: ShardPlanner
    /// The last build's shard files of this scope, which a bucket of unchanged inputs keeps (none for a
    /// first build: `ScopeIndexes.indexer` gives them).
    var previous = PriorShards.none
    /// `ShardEntry.hash` and `ShardEntry.floor` of every record, by position (no floors in the "All"
    /// scope, which does not size its shards).
    let entryHashes: [UInt64]
    let entryFloors: [Int]
    /// Every record's entry head, made beforehand for every scope when there is no previous build (all
    /// of them are written); nil on a rebuild, which makes the entries of the buckets it plans, when it
    /// plans them and again when it writes them.
    let heads: EntryHeads?
    /// By record position: the number of its collection, in the "All" scope of a site of several.
    let collections: RecordCollections
    /// By record position: its score, which orders previews and which its entry carries.
    let ranks: RecordRanks
    /// The scope's filters: each record's values, which its entries carry, and their counts in previews.
    let filters: ScopeFilters
    /// The scopes whose shards answer below the "All" scope's previews, each with the number of its
    /// collection (whose label the manifest gives, `"pages"`); none in every other scope.
    let members: [(id: String, collection: Int)]
    /// What its previews name below them: in the "All" scope, the members' shards too.
    let links: ShardLinks

    /// An update's kept buckets (`Update.buckets`).
    let buckets: BucketCache?
    /// An update's heads, made once each when no `heads` were made beforehand (`Update.heads`).
    let madeHeads: LazyEntryHeads?

    /// The positions whose entry hash differs from the last build's, ascending (an update only).
    let changed: [Int]
    /// Whether the floors of `changed` are the last build's (an update only): then every bucket is split
    /// where it was (`ShardPlanner.mustSplit` reads floors and keys, and the keys are the same).
    let floorsKept: Bool

    /// `update`: the last build's hashes and the positions that may have changed, for an index that updates it
    /// (`index(updating:previews:previewsKept:)`, in Incremental/). `memberHashes`: for the "All" scope, each member's
    /// `entryHashes`. They stand in the All scope's own entry hashes, so a bucket's digest covers what decides its
    /// previews: every member's shards in it, which its previews name (`links`).
    init(
        scope: SearchScope, keys: SearchKeys, site: Site, rows: SearchRows, ranks: RecordRanks, heads: EntryHeads?,
        memberHashes: [[UInt64]] = [], links: ShardLinks = ShardLinks(), update: Update? = nil
    ) {
        self.links = links
        self.ranks = ranks
        self.scope = scope
        let filters = ScopeFilters(site: site, scope: scope)
        self.filters = filters
        let merges = scope.collection == nil
        members =
            merges
            ? site.config.search.scopes.compactMap { member in
                member.isMember ? member.collection.map { (member.id, $0) } : nil
            } : []
        self.rows = rows
        self.keys = keys
        planner = ShardPlanner(
            budget: site.config.search.shardBudget, previewSize: site.config.search.previewSize)
        let collections = RecordCollections(site: site, merges: merges)
        self.collections = collections
        @Sendable func slots(_ position: Int) -> ShardEntry.Slots {
            Self.slots(of: position, collections: collections, ranks: ranks, filters: filters)
        }
        // An entry numbers its values among the filter's values, and a preview counts records by value: both
        // change when the values do, so every entry's hash covers them.
        var values = StableHash()
        values.add(contentsOf: filters.signature.utf8)
        let valuesHash = values.value
        @Sendable func hash(_ position: Int) -> UInt64 {
            let collection = collections[position]
            guard merges else {
                let entry = ShardEntry.hash(
                    number: rows.number(position), rowInputs: rows.inputs[position],
                    textBytes: keys.textBytes(of: position),
                    slots: slots(position))
                guard !filters.isEmpty else { return entry }
                var hash = StableHash()
                hash.mix(entry)
                hash.mix(valuesHash)
                return hash.value
            }
            var hash = StableHash()
            hash.add(contentsOf: (collection.map(String.init) ?? "").utf8)
            hash.add(0xFF)
            hash.add(contentsOf: (ranks.text(position, labelled: collection != nil) ?? "").utf8)
            hash.add(0xFF)
            for member in memberHashes { hash.mix(member[position]) }
            return hash.value
        }
        @Sendable func floor(_ position: Int) -> Int {
            ShardEntry.floor(
                number: rows.number(position), titleAndSlug: rows.titleAndSlugBytes(position),
                textBytes: keys.textBytes(of: position), slots: slots(position))
        }
        if let update {
            let floors: ((Int) -> Int)? = merges ? nil : { floor($0) }
            let made = update.hashes(signature: filters.signature, count: rows.count, hash: { hash($0) }, floor: floors)
            (entryHashes, entryFloors, changed, floorsKept) = (made.hashes, made.floors, made.changed, made.floorsKept)
        } else {
            entryHashes = Parallel.map(rows.count, hash)
            entryFloors = merges ? [] : Parallel.map(rows.count, floor)
            (changed, floorsKept) = ([], false)
        }
        self.heads = heads
        buckets = update?.buckets
        madeHeads = heads == nil ? update?.heads : nil
    }

    /// A scope's shards and its part of the search manifest: `"<id>":{"k":{"<first scalar>":"<file>",…},
    /// "c":<its collection's number>}` (`ShardLinks`), and for the "All" scope
    /// `"m":[["<member scope>",<its collection's number>],…]` too (its `"c"` is 0: the collection of an entry
    /// that carries none, in a site of one).
    struct Index {
        var part: String
        /// Kept and planned, in prefix order: `SearchIndex.files(_:)` makes them. An update gives only
        /// those of the buckets it planned again.
        var files: [ScopeShards.File]
        /// The prefixes that have a preview.
        var splits: [String]
        /// The indexer's `entryHashes`.
        var entryHashes: [UInt64]
        /// What the next build's index can start from.
        var memo: ScopeMemo
        /// An update's shard files that the last build wrote and this one does not (`index(updating:)`).
        var dropped: [String] = []
    }

    /// The scope's shards, every bucket on every core.
    func index() -> Index {
        let buckets = keys.buckets()
        return index(
            buckets,
            Parallel.map(buckets.count) { number in
                var shards = ScopeShards()
                add(buckets[number], to: &shards)
                return shards
            })
    }

    /// The "All" scope's shards: a preview at each of `prefixes` (every prefix a member has a preview
    /// at), every bucket on every core.
    func indexPreviews(at prefixes: Set<String>) -> Index {
        let buckets = keys.buckets()
        return index(
            buckets,
            Parallel.map(buckets.count) { number in
                var shards = ScopeShards()
                if prefixes.contains(buckets[number].prefixText) {
                    addPreviews(buckets[number], at: prefixes, to: &shards)
                }
                return shards
            })
    }

    private func index(_ buckets: [SearchKeys.Bucket], _ shards: [ScopeShards]) -> Index {
        index(
            zip(buckets, shards).map { bucket, shards in
                BucketMemo(first: bucket.first, positions: bucket.positions, shards: shards)
            }, files: shards.flatMap(\.files))
    }

    func index(_ memos: [BucketMemo], files: [ScopeShards.File]) -> Index {
        let splits = memos.flatMap(\.splits)
        let merged =
            members.isEmpty
            ? ""
            : ",\"m\":["
                + members.map { "[" + JSONText.quoted($0.id) + "," + String($0.collection) + "]" }.joined(
                    separator: ",") + "]"
        let roots = memos.flatMap { $0.leaves + $0.splits }.filter { $0.prefix.unicodeScalars.count == 1 }
        let part =
            JSONText.quoted(scope.id) + ":{\"k\":" + ShardLinks.map(roots) + ",\"c\":" + String(scope.collection ?? 0)
            + merged + filters.manifestPart + "}"
        return Index(
            part: part, files: files, splits: splits.map(\.prefix), entryHashes: entryHashes,
            memo: ScopeMemo(
                entryHashes: entryHashes, entryFloors: entryFloors, buckets: memos, filterSignature: filters.signature))
    }

    /// The previews of a bucket's node, kept or planned, and of its parts that are among `prefixes`. A
    /// bucket whose node is as the previous build planned it is kept whole: its digest covers the members'
    /// entries of every record in it, which decide where the members, and so the All scope, have previews.
    ///
    /// `changed`, in an update whose `prefixes` are the last build's, are the positions whose entries
    /// changed: a part that holds none of them keeps every file the last build made under its prefix,
    /// undigested. Its records' entries are as they were, and so are the prefixes below it that have a
    /// preview, so its previews are too (digesting every preview of a large bucket
    /// was most of an edit's search update).
    func addPreviews(
        _ bucket: SearchKeys.Bucket, at prefixes: Set<String>, to shards: inout ScopeShards, changed: [Int]? = nil
    ) {
        if let changed, !changed.contains(where: bucket.holds), let kept = previous.under(bucket.prefix) {
            return shards.append(kept)
        }
        let digest = ShardUnit.digest(of: bucket, scope: scope, planner: planner, entryHashes: entryHashes)
        let node = ShardUnit.node.inputs(digest: digest)
        if bucket.prefix.count == 1, let kept = previous.bucket(bucket.first, nodeInputs: node) {
            return shards.append(kept)
        }
        var parts = ScopeShards()
        for part in bucket.parts() where prefixes.contains(part.prefixText) {
            addPreviews(part, at: prefixes, to: &parts, changed: changed)
        }
        appendNode(bucket, inputs: node, parts: parts, to: &shards)
    }

    /// The shards of a bucket (or of a part of one): kept whole, planned whole, or kept or planned as its
    /// node and its parts.
    ///
    /// `changed`, in an update whose buckets are split where they were (`floorsKept`), are the positions
    /// whose entries changed: a part that holds none of them keeps every file the last build made under
    /// its prefix, undigested. Its records are as they were, and so was its parent's split, so its units
    /// and their inputs are too.
    func add(_ bucket: SearchKeys.Bucket, to shards: inout ScopeShards, changed: [Int]? = nil) {
        if let changed, !changed.contains(where: bucket.holds), let kept = previous.under(bucket.prefix) {
            return shards.append(kept)
        }
        let digest = ShardUnit.digest(of: bucket, scope: scope, planner: planner, entryHashes: entryHashes)
        let whole = ShardUnit.whole.inputs(digest: digest)
        if let kept = previous.reusable(inputs: whole) { return shards.append(kept) }
        guard planner.mustSplit(bucket, entryFloor: bucket.positions.lazy.map { entryFloors[$0] }) else {
            return shards.append(planWhole(bucket, inputs: whole))
        }
        let node = ShardUnit.node.inputs(digest: digest)
        if bucket.prefix.count == 1, let kept = previous.bucket(bucket.first, nodeInputs: node) {
            return shards.append(kept)
        }
        var parts = ScopeShards()
        for part in bucket.parts() { add(part, to: &parts, changed: changed) }
        appendNode(bucket, inputs: node, parts: parts, to: &shards)
    }

    /// A node's preview, kept or planned, then its parts' shards, in prefix order. The parts are made first
    /// because the preview names their shards one scalar below it.
    private func appendNode(
        _ bucket: SearchKeys.Bucket, inputs node: UInt64, parts: ScopeShards, to shards: inout ScopeShards
    ) {
        shards.append(
            previous.reusable(inputs: node)
                ?? planNode(bucket, inputs: node, below: parts.children(of: bucket.prefixText)))
        shards.append(parts)
    }

    /// A bucket planned whole: its shards, each carrying the unit's inputs, sized by its entries.
    func planWhole(_ bucket: SearchKeys.Bucket, inputs: UInt64) -> ScopeShards {
        // by the bucket's own record numbers
        let plans = planner.plan(
            bucket, entrySize: bucket.positions.map(entrySize), scores: scores(of: bucket),
            values: filters.values(of: bucket.positions))
        return ScopeShards.planned(
            plans, scope: scope, inputs: inputs, entryHashes: entryHashes, links: links)
    }

    /// The node alone of a bucket planned in parts: its preview, which names `below`, its parts' shards
    /// one scalar below it.
    func planNode(_ bucket: SearchKeys.Bucket, inputs: UInt64, below: [ShardName]) -> ScopeShards {
        ScopeShards.planned(
            [
                planner.preview(
                    of: bucket, scores: scores(of: bucket), values: filters.values(of: bucket.positions),
                    order: members.isEmpty ? nil : bucket.positions.map { rows.numbers.order[$0] })
            ],
            scope: scope, inputs: inputs,
            entryHashes: entryHashes, links: links, below: below)
    }

    /// The scores of a bucket's records, by its own numbers; nil when none has one.
    func scores(of bucket: SearchKeys.Bucket) -> [Double?]? {
        guard !ranks.isEmpty else { return nil }
        let scores = bucket.positions.map { ranks[$0] }
        return scores.contains { $0 != nil } ? scores : nil
    }

    /// Appends the entry of the record at `position`.
    func appendEntry(_ position: Int, to bytes: inout [UInt8]) {
        if let heads {
            heads.append(position, to: &bytes)
        } else if let madeHeads {
            bytes += madeHeads.head(position, number: rows.number(position)) { rows.row(position) }
        } else {
            ShardEntry.appendHead(number: rows.number(position), row: rows.row(position), to: &bytes)
        }
        let slots = Self.slots(of: position, collections: collections, ranks: ranks, filters: filters)
        keys.withTextBytes(of: position) { ShardEntry.appendTail(textBytes: $0, slots: slots, to: &bytes) }
    }

    /// What the entry at `position` carries after its texts: its score, its collection (in the "All" scope
    /// of several) and its filters' values.
    static func slots(
        of position: Int, collections: RecordCollections, ranks: RecordRanks, filters: ScopeFilters
    ) -> ShardEntry.Slots {
        let collection = collections[position]
        return ShardEntry.Slots(
            rank: ranks.text(position, labelled: collection != nil), collection: collection,
            filters: filters.text(position))
    }

    /// The size of the entry of the record at `position`.
    func entrySize(_ position: Int) -> Int {
        let slots = Self.slots(of: position, collections: collections, ranks: ranks, filters: filters)
        let tail = keys.withTextBytes(of: position) { ShardEntry.tailCount(textBytes: $0, slots: slots) }
        if let heads { return heads[position].count + tail }
        if let madeHeads {
            return madeHeads.head(position, number: rows.number(position)) { rows.row(position) }.count + tail
        }
        var head: [UInt8] = []
        ShardEntry.appendHead(number: rows.number(position), row: rows.row(position), to: &head)
        return head.count + tail
    }
}
