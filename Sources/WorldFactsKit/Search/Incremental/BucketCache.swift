import Synchronization
import WorldFactsSupport

/// The large buckets that updates of one set of keys made again (`ScopeIndexer.replan`), kept for the next
/// update of the same keys (`SearchMemo`, carried from build to build in `watch` and `serve`).
///
/// Making a bucket again folds its records' texts to scalars and finds their word starts: for a large
/// bucket (the time zones under "a", America/…, hold most records of a cities site) that is most of the
/// CPU of an edit in `watch`, and most edits are in such buckets. A bucket is a function of the keys
/// and its first scalar, and an update keeps the keys, so a kept bucket is the one `make` would give; a
/// bucket whose records are not those asked for is made again. The least recently used go first when the
/// kept ones exceed `budget` bytes; buckets of fewer than `smallest` records, quick to make, are not kept.
final class BucketCache: Sendable {
    private struct Entry {
        let bucket: SearchKeys.Bucket
        let bytes: Int
        var used: Int
    }
    private struct Key: Hashable {
        let scope: String
        let first: UInt32
    }
    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock = 0
        var hits = 0
        /// Whether a bucket made ahead found no room left (`prepare`): no more are made ahead.
        var full = false
    }
    private let state = Mutex(State())
    let budget: Int
    let smallest: Int

    init(budget: Int = 48 << 20, smallest: Int = 1_024) {
        self.budget = budget
        self.smallest = smallest
    }

    /// The bucket of `scope` that starts with `first` and holds the records at `positions`: kept, or made.
    func bucket(
        scope: String, first: Unicode.Scalar, positions: [Int], make: () -> SearchKeys.Bucket
    ) -> SearchKeys.Bucket {
        guard positions.count >= smallest else { return make() }
        let key = Key(scope: scope, first: first.value)
        let kept = state.withLock { state -> SearchKeys.Bucket? in
            guard let entry = state.entries[key], entry.bucket.positions == positions else { return nil }
            state.clock += 1
            state.hits += 1
            state.entries[key]!.used = state.clock
            return entry.bucket
        }
        if let kept { return kept }
        let made = make()
        let bytes = Self.bytes(of: made)
        guard bytes <= budget else { return made }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.bytes }
            while state.bytes + bytes > budget, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bytes
            }
            Self.keep(made, bytes: bytes, as: key, in: &state)
        }
        return made
    }

    /// Keeps `bucket` under `key`, in place of any kept there, as the one used last.
    private static func keep(_ bucket: SearchKeys.Bucket, bytes: Int, as key: Key, in state: inout State) {
        if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.bytes }
        state.clock += 1
        state.entries[key] = Entry(bucket: bucket, bytes: bytes, used: state.clock)
        state.bytes += bytes
    }

    /// A bucket an update may plan: made and kept ahead of it (`prepare`).
    struct Request: Sendable {
        let scope: String
        let keys: SearchKeys
        let first: Unicode.Scalar
        let positions: [Int]
    }

    /// Makes and keeps each bucket of `requests` not kept yet, in their order: in `watch`, once a build is
    /// done, on a thread of its own (`SearchMemo.prepareBuckets`), so that the first edit in a bucket
    /// plans it from the kept one, as later edits do. The requests of several caches are made one after
    /// another: the edit that may come meanwhile has the machine's other cores.
    ///
    /// A bucket made ahead goes in only where it fits without putting another out: once one does not, the
    /// cache is full, and none is made ahead for it again (the keys of a larger site than the budget holds
    /// would otherwise be grouped again after every edit, each bucket putting out another).
    static func prepare(_ requests: [(cache: BucketCache, requests: [Request])]) -> BackgroundValue<Void> {
        BackgroundValue.onOwnThread {
            for (cache, requests) in requests {
                for request in requests where !cache.isFull {
                    cache.keepAhead(request)
                }
            }
        }
    }

    /// Makes the bucket of `request` and keeps it when it is not kept yet and fits; else marks the cache full.
    private func keepAhead(_ request: Request) {
        let key = Key(scope: request.scope, first: request.first.value)
        let kept = state.withLock { $0.entries[key]?.bucket.positions == request.positions }
        guard !kept else { return }
        let made = request.keys.bucket(request.first, positions: request.positions)
        let bytes = Self.bytes(of: made)
        state.withLock { state in
            let room = budget - state.bytes + (state.entries[key]?.bytes ?? 0)
            guard bytes <= room else {
                state.full = true
                return
            }
            Self.keep(made, bytes: bytes, as: key, in: &state)
        }
    }

    /// Whether buckets made ahead found no room (`prepare`).
    var isFull: Bool { state.withLock { $0.full } }

    /// How many buckets are kept, and how many times one was given (tests).
    var count: Int { state.withLock { $0.entries.count } }
    var hits: Int { state.withLock { $0.hits } }

    /// What a bucket holds in memory: its scalars, suffixes and positions.
    static func bytes(of bucket: SearchKeys.Bucket) -> Int {
        bucket.scalars.count * MemoryLayout<Unicode.Scalar>.stride
            + bucket.suffixes.count * MemoryLayout<SearchKeys.Suffix>.stride
            + bucket.positions.count * MemoryLayout<Int>.stride
    }
}
