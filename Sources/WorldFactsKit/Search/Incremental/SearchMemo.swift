import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// What a build's search index leaves for the next build whose searched values are the same (a live
/// build in `watch`, or one from the build's snapshot): the keys, and for each scope every record's entry
/// hash and floor and, bucket by bucket, the records in it and the shards it left. The next index then
/// makes again only the buckets that hold a record whose entry changed (`SearchIndex.init(updating:)`);
/// every other bucket keeps its shards without being grouped, digested or planned again.
public struct SearchMemo: Sendable {
    /// The keys of each scope (`SearchIndex.keys`).
    public let keys: [SearchKeys]
    /// The number of each record's entries (`SearchNumbers`).
    let numbers: SearchNumbers
    let scopes: [ScopeMemo]
    /// The large buckets that updates of these keys made, kept for the next update (not saved with the
    /// snapshot: a build from it starts with none).
    let buckets: BucketCache
    /// The name of the manifest the index wrote (`SearchIndex.manifestName`): an update whose manifest
    /// has another drops it.
    var manifestName: String
    /// Every record's score (`RecordRanks`), which an update scores again only where it changed records
    /// (not saved with the snapshot: a build from it scores every record).
    var ranks: RecordRanks? = nil

    init(
        keys: [SearchKeys], numbers: SearchNumbers, scopes: [ScopeMemo], buckets: BucketCache = BucketCache(),
        manifestName: String
    ) {
        self.keys = keys
        self.numbers = numbers
        self.scopes = scopes
        self.buckets = buckets
        self.manifestName = manifestName
    }

    /// Starts copying each scope's entry hashes and floors, for the next update to change in place
    /// (`PreparedCopy`): in `watch`, once a build is done. Changing the memo's own copied both, for every scope,
    /// on the edit's longest path. `shared`: in a language other than the default, the scopes it takes from
    /// the default's memo, which the default's update changes and this one's does not.
    public func prepareCopies(skipping shared: Set<Int> = []) {
        for (number, scope) in scopes.enumerated() where !shared.contains(number) {
            scope.preparedHashes.make(copying: scope.entryHashes)
            if !scope.entryFloors.isEmpty { scope.preparedFloors.make(copying: scope.entryFloors) }
        }
    }

    /// Starts making the large buckets of each of `memos`' scopes that no update has made yet, and keeping
    /// them (`BucketCache.prepare`): in `watch`, once a build is done. Without them, the first edit in each
    /// bucket of each language grouped its records' texts again, on the edit's path. `shared`: the scopes a
    /// language takes from the default's memo, which its updates do not plan.
    @discardableResult
    public static func prepareBuckets(
        _ memos: [(memo: SearchMemo, scopes: [SearchScope], shared: Set<Int>)]
    ) -> BackgroundValue<Void> {
        BucketCache.prepare(
            memos.map { ($0.memo.buckets, $0.memo.bucketsToPrepare(scopes: $0.scopes, skipping: $0.shared)) })
    }

    /// The buckets an update of each scope would plan from its keys, large enough to keep
    /// (`BucketCache.smallest`), largest first: an edited record is most likely in them, and they cost the
    /// most to make, so they are the ones kept when not all fit. `shared`: as for `prepareCopies`. Full-text
    /// scopes are indexed otherwise.
    func bucketsToPrepare(scopes config: [SearchScope], skipping shared: Set<Int> = []) -> [BucketCache.Request] {
        let requests = zip(config, zip(keys, scopes)).enumerated().flatMap { number, scoped in
            let (scope, (keys, memo)) = scoped
            guard !shared.contains(number), !scope.note else { return [BucketCache.Request]() }
            return memo.buckets.filter { $0.positions.count >= buckets.smallest }.map {
                BucketCache.Request(scope: scope.id, keys: keys, first: $0.first, positions: $0.positions)
            }
        }
        return requests.sorted { $0.positions.count > $1.positions.count }
    }
}

/// One scope of a `SearchMemo`.
struct ScopeMemo: Sendable {
    /// By record position: `ShardEntry.hash` (for the "All" scope, the hash of its members' hashes).
    var entryHashes: [UInt64]
    /// By record position: `ShardEntry.floor` (none in the "All" scope).
    var entryFloors: [Int]
    /// Every bucket of the scope's keys, in scalar order.
    var buckets: [BucketMemo] { didSet { shardsByParentOnce = Self.shardsByParentOnce(buckets) } }
    /// `shardsByParent`, made when first asked for: a scope one language takes from the default's
    /// index is one memo, whose shards an "All" scope of every language names.
    private var shardsByParentOnce: OnceValue<[String: [ShardName]]>
    /// The scope's filters and their values (`ScopeFilters.signature`).
    var filterSignature: String
    /// A full-text scope's part of the manifest: an update in which none of its records changed keeps
    /// its index whole (`ScopeIndexes.keptText`). Empty for any other scope.
    var textPart = ""
    /// Copies of `entryHashes` and `entryFloors` of their own, when made (`SearchMemo.prepareCopies`).
    let preparedHashes = PreparedCopy<[UInt64]>()
    let preparedFloors = PreparedCopy<[Int]>()

    init(entryHashes: [UInt64], entryFloors: [Int], buckets: [BucketMemo], filterSignature: String = "") {
        self.entryHashes = entryHashes
        self.entryFloors = entryFloors
        self.buckets = buckets
        shardsByParentOnce = Self.shardsByParentOnce(buckets)
        self.filterSignature = filterSignature
    }

    /// The scope's shards, its buckets' leaves and splits, by the prefix of their parent
    /// (`ShardLinks.byParent`): what an "All" scope's previews name of this member.
    var shardsByParent: [String: [ShardName]] { shardsByParentOnce.value }

    private static func shardsByParentOnce(_ buckets: [BucketMemo]) -> OnceValue<[String: [ShardName]]> {
        OnceValue { ShardLinks.byParent(buckets.flatMap { $0.leaves + $0.splits }) }
    }
}

/// A bucket of a scope (every key that starts with one scalar): the records with a key in it, and the
/// shards it left, as the next build keeps them when none of its records changed.
struct BucketMemo: Sendable {
    let first: Unicode.Scalar
    /// Ascending.
    let positions: [Int]
    let leaves: [ShardName]
    let splits: [ShardName]
    /// Every file of its shards, with the inputs it was written from.
    let files: [(path: String, inputs: String)]

    init(first: Unicode.Scalar, positions: [Int], shards: ScopeShards) {
        self.first = first
        self.positions = positions
        leaves = shards.leaves
        splits = shards.splits
        files = shards.files.flatMap(\.written)
    }

    init(
        first: Unicode.Scalar, positions: [Int], leaves: [ShardName], splits: [ShardName],
        files: [(path: String, inputs: String)]
    ) {
        self.first = first
        self.positions = positions
        self.leaves = leaves
        self.splits = splits
        self.files = files
    }

    /// Whether its shards can stay as the last build left them: every file of them is there, as written.
    func isKept(previous: any PriorOutput) -> Bool {
        previous.keepsEveryFile || files.allSatisfy({ previous.canReuse($0.path, inputs: $0.inputs) })
    }

    /// Its files as `PriorShards`, for planning it again to keep what it can.
    func previousShards(previous: any PriorOutput) -> PriorShards {
        PriorShards(
            previous: previous,
            files: files.compactMap {
                PriorShards.file(path: $0.path, inputs: OutputFile.inputsNumber($0.inputs))?.file
            })
    }
}

extension ScopeShards.File {
    /// The paths of the file or files, with their inputs.
    var written: [(path: String, inputs: String)] {
        switch self {
        case .kept(let file): return [(file.path, file.inputs ?? "")]
        case .planned(_, let key, let inputs, _):
            return [(SearchIndex.path(of: key), inputs)]
        }
    }
}
