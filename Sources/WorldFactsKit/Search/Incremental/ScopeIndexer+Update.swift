import WorldFactsModel
import WorldFactsSupport

/// An update of a scope's index from the last build's (`ScopeMemo`): only the buckets that hold a changed
/// record, or whose files are not all there, are planned again; every other keeps its memo and files.
extension ScopeIndexer {
    /// The entry hashes and floors of the last build's index, for an index that updates it (`index(updating:)`),
    /// and the positions whose rows may have changed since: only theirs are made again.
    struct Update {
        let memo: ScopeMemo
        let candidates: [Int]
        /// The buckets that earlier updates of these keys made (`BucketCache`).
        var buckets: BucketCache? = nil
        /// The entry heads this update has made, shared by every scope's indexer (`LazyEntryHeads`).
        var heads: LazyEntryHeads? = nil
    }

    /// The "All" scope's previews at `prefixes` from the last build's (`memo`, whose keys are these): a
    /// bucket that holds no record of `changed` keeps its shards, when its files are all there; any other
    /// is grouped and planned again, keeping what it can of its files (the other scopes are updated
    /// together, bucket by bucket: `SearchIndex.update`).
    ///
    /// `previewsKept`: whether `prefixes` are those the last build's "All" scope had previews at; then only
    /// the parts of a bucket that hold a changed record are gone into.
    func index(updating memo: ScopeMemo, previews prefixes: Set<String>, previewsKept: Bool) -> Index {
        let numbers = replanned(memo)
        let planned = Parallel.map(numbers.count) { [numbers] number in
            replan(memo.buckets[numbers[number]], previews: prefixes, previewsKept: previewsKept)
        }
        return index(updating: memo, replanned: numbers, planned: planned)
    }

    /// The numbers of `memo`'s buckets that an update plans again: those that hold a record of `changed`,
    /// and any whose files are not all there. Every other bucket keeps its memo as it is, files and all:
    /// turning every kept bucket's files into shards and back is work an edit of one record need not do.
    func replanned(_ memo: ScopeMemo) -> [Int] {
        var touched = Set<UInt32>()
        for position in changed { touched.formUnion(keys.firstScalars(of: position)) }
        return memo.buckets.indices.filter { number in
            touched.contains(memo.buckets[number].first.value)
                || !memo.buckets[number].isKept(previous: previous.previous)
        }
    }

    /// A bucket of the last build's index planned again, keeping what it can of its files. With `prefixes`,
    /// the "All" scope's previews (`previewsKept`: at the last build's prefixes).
    func replan(_ last: BucketMemo, previews prefixes: Set<String>?, previewsKept: Bool) -> ScopeShards {
        let make = { keys.bucket(last.first, positions: last.positions) }
        let bucket =
            buckets?.bucket(scope: scope.id, first: last.first, positions: last.positions, make: make) ?? make()
        var indexer = self
        indexer.previous = last.previousShards(previous: previous.previous)
        var shards = ScopeShards()
        if let prefixes {
            if prefixes.contains(bucket.prefixText) {
                indexer.addPreviews(bucket, at: prefixes, to: &shards, changed: previewsKept ? changed : nil)
            }
        } else {
            // Split where it was: only the parts that hold a changed record are gone into.
            indexer.add(bucket, to: &shards, changed: floorsKept ? changed : nil)
        }
        return shards
    }

    /// The index of the last build's (`memo`) with the buckets numbered `replanned` planned again as
    /// `planned`. Only the planned shards' files are given: every other file of the last build stays as
    /// it is, and of the planned buckets' last files, those neither kept nor made again are dropped.
    func index(updating memo: ScopeMemo, replanned: [Int], planned: [ScopeShards]) -> Index {
        var buckets = memo.buckets
        var files: [ScopeShards.File] = [], dropped: [String] = []
        for (number, made) in zip(replanned, planned) {
            let last = memo.buckets[number]
            files += made.files.filter(\.isPlanned)
            let paths = Set(made.files.flatMap(\.written).map(\.path))
            dropped += last.files.map(\.path).filter { !paths.contains($0) }
            buckets[number] = BucketMemo(first: last.first, positions: last.positions, shards: made)
        }
        var index = index(buckets, files: files)
        index.dropped = dropped
        return index
    }
}
