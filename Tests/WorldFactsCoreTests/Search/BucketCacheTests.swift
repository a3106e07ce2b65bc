import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsRender
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

@Suite struct BucketCacheTests {
    let keys = SearchKeys(texts: [
        ["america/new_york", "new york"], ["america/chicago"], ["europe/berlin", "berlin"], ["asia/tokyo"],
        ["america/argentina/buenos_aires"], ["europe/zurich", "zürich"], ["africa/abidjan", "abidjan"],
    ])

    /// Each suffix of a bucket as what it reads.
    func readings(_ bucket: SearchKeys.Bucket) -> [String] {
        bucket.suffixes.map {
            "\(bucket.positions[Int($0.record)]) \(String(String.UnicodeScalarView(bucket.text(of: $0)))) \($0.isWhole)"
        }
    }

    @Test func aKeptBucketIsGivenAgainWithoutBeingMade() {
        let cache = BucketCache(smallest: 1)
        for bucket in keys.buckets() {
            var made = 0
            func make() -> SearchKeys.Bucket {
                made += 1
                return keys.bucket(bucket.first, positions: bucket.positions)
            }
            let first = cache.bucket(scope: "zone", first: bucket.first, positions: bucket.positions, make: make)
            let again = cache.bucket(scope: "zone", first: bucket.first, positions: bucket.positions, make: make)
            #expect(made == 1, "\(bucket.prefixText)")
            #expect(readings(again) == readings(bucket) && readings(first) == readings(bucket))
        }
        #expect(cache.count == keys.buckets().count)
        #expect(cache.hits == keys.buckets().count)
    }

    @Test func aBucketOfOtherRecordsOrAnotherScopeIsMadeAgain() {
        let cache = BucketCache(smallest: 1)
        let a = keys.buckets().first { $0.prefixText == "a" }!
        var made = 0
        let make = { () -> SearchKeys.Bucket in
            made += 1
            return keys.bucket(a.first, positions: a.positions)
        }
        _ = cache.bucket(scope: "zone", first: a.first, positions: a.positions, make: make)
        _ = cache.bucket(scope: "zone", first: a.first, positions: Array(a.positions.dropLast()), make: make)
        _ = cache.bucket(scope: "city", first: a.first, positions: a.positions, make: make)
        #expect(made == 3)
        #expect(cache.hits == 0)
    }

    @Test func theLeastRecentlyUsedGoFirstPastTheBudget() {
        let buckets = keys.buckets().filter { ["a", "b", "e"].contains($0.prefixText) }
        let sizes = buckets.map(BucketCache.bytes(of:))
        // Room for the two largest, not for all three.
        let cache = BucketCache(budget: sizes.sorted().suffix(2).reduce(0, +), smallest: 1)
        var made: [String] = []
        func ask(_ bucket: SearchKeys.Bucket) {
            _ = cache.bucket(scope: "zone", first: bucket.first, positions: bucket.positions) {
                made.append(bucket.prefixText)
                return bucket
            }
        }
        ask(buckets[0])
        ask(buckets[1])
        ask(buckets[0])  // used last: stays
        ask(buckets[2])  // goes in, the least recently used (buckets[1]) out
        ask(buckets[0])
        ask(buckets[1])
        #expect(made == [buckets[0], buckets[1], buckets[2], buckets[1]].map(\.prefixText))
        #expect(cache.count <= 2)
    }

    @Test func smallBucketsAreNotKept() {
        let cache = BucketCache(smallest: 100)
        for bucket in keys.buckets() {
            _ = cache.bucket(scope: "zone", first: bucket.first, positions: bucket.positions) { bucket }
        }
        #expect(cache.count == 0)
    }

    func rows(_ site: Site) -> SearchRows {
        SearchRows(site.only.records.indices.map(PageContexts(site: site, collection: 0).row))
    }

    func manifest(_ files: [OutputFile]) -> Manifest {
        var manifest = Manifest()
        for file in files {
            manifest.entries[file.path] = Manifest.Entry(hash: 1, inputs: file.inputs.map(OutputFile.inputsNumber))
        }
        return manifest
    }

    /// The countries with small shards, the population field and Iceland's position, their index, and a
    /// memo of it with a cache that keeps every bucket.
    func indexedCountries() throws -> (
        site: Site, population: Int, iceland: Int, first: SearchIndex, cache: BucketCache, memo: SearchMemo
    ) {
        var site = countriesSite
        site.config.search.shardBudget = 1_024
        let population = try #require(site.config.only.fields.firstIndex { $0.id == "population" })
        let iceland = try #require(site.only.records.firstIndex { $0.key == "IS" })
        let first = SearchIndex(site: site, rows: rows(site))
        let cache = BucketCache(smallest: 1)
        let memo = SearchMemo(
            keys: first.memo.keys, numbers: first.memo.numbers, scopes: first.memo.scopes, buckets: cache,
            manifestName: first.manifestName)
        return (site, population, iceland, first, cache, memo)
    }

    /// The buckets made once a build is done (`SearchMemo.prepareBuckets`, as `watch` does) are every
    /// bucket of the scopes the memo does not share, and those an update plans: the first edit plans its
    /// buckets from them, makes none, and gives what a fresh index gives.
    @Test func preparedBucketsAreThoseAnUpdatePlans() throws {
        var (site, population, iceland, first, cache, memo) = try indexedCountries()
        let scopes = site.config.search.scopes
        SearchMemo.prepareBuckets([(memo, scopes, Set(scopes.indices))]).wait()
        #expect(cache.count == 0, "every scope shared")
        SearchMemo.prepareBuckets([(memo, scopes, [])]).wait()
        let searched = zip(scopes, memo.scopes).filter { !$0.0.note }.map(\.1.buckets.count).reduce(0, +)
        #expect(searched > 0 && cache.count == searched)
        site.only.records[iceland].values[population] = .integer(7)
        let previous = ReuseIndex(previous: manifest(first.files), missing: [], keepsEveryFile: true)
        let update = SearchIndex(
            site: site, rows: rows(site), prior: SearchPrior(output: previous, memo: memo, changed: [iceland]))
        let fresh = SearchIndex(site: site, rows: rows(site))
        #expect(cache.hits > 0 && cache.count == searched, "planned from the prepared buckets, none made")
        #expect(update.manifest == fresh.manifest)
        let made = Dictionary(uniqueKeysWithValues: update.files.filter { !$0.isReused }.map { ($0.path, $0.bytes) })
        for file in fresh.files where !first.files.contains(file) {
            #expect(made[file.path] == file.bytes, "\(file.path)")
        }
    }

    /// Buckets made ahead never put out a kept one: past the budget the cache is full, and a later
    /// `prepare` makes none.
    @Test func bucketsMadeAheadStopAtTheBudget() throws {
        // As an update makes them: a bucket at a time.
        let buckets = keys.buckets().filter { ["a", "b", "e"].contains($0.prefixText) }.map {
            keys.bucket($0.first, positions: $0.positions)
        }
        let sizes = buckets.map(BucketCache.bytes(of:))
        // Room for the two smallest, not for all three.
        let cache = BucketCache(budget: sizes.sorted().prefix(2).reduce(0, +), smallest: 1)
        let requests = buckets.sorted { BucketCache.bytes(of: $0) < BucketCache.bytes(of: $1) }.map {
            BucketCache.Request(scope: "zone", keys: keys, first: $0.first, positions: $0.positions)
        }
        BucketCache.prepare([(cache, requests)]).wait()
        #expect(cache.count == 2 && cache.isFull)
        for request in requests.prefix(2) {
            var made = 0
            _ = cache.bucket(scope: "zone", first: request.first, positions: request.positions) {
                made += 1
                return keys.bucket(request.first, positions: request.positions)
            }
            #expect(made == 0, "kept: \(request.first)")
        }
        BucketCache.prepare([(cache, requests)]).wait()
        #expect(cache.count == 2)
    }

    /// Two edits in a row, the second from the memo the first left (as `watch` does): the second update
    /// plans the edited record's buckets from the kept ones, and gives what a fresh index gives.
    @Test func anUpdateFromKeptBucketsIsAFreshIndex() throws {
        var (site, population, iceland, first, cache, memo) = try indexedCountries()
        var files = Dictionary(uniqueKeysWithValues: first.files.map { ($0.path, $0) })
        for (edit, people) in [1, 2, 3].enumerated() {
            site.only.records[iceland].values[population] = .integer(people)
            let previous = ReuseIndex(previous: manifest(Array(files.values)), missing: [], keepsEveryFile: true)
            let update = SearchIndex(
                site: site, rows: rows(site), prior: SearchPrior(output: previous, memo: memo, changed: [iceland]))
            let fresh = SearchIndex(site: site, rows: rows(site))
            for path in update.dropped { files[path] = nil }
            for file in update.files {
                if file.isReused { #expect(files[file.path] != nil) } else { files[file.path] = file }
            }
            #expect(update.manifest == fresh.manifest)
            #expect(Set(files.keys) == Set(fresh.files.map(\.path)))
            for file in fresh.files { #expect(files[file.path]?.bytes == file.bytes, "edit \(edit): \(file.path)") }
            #expect(update.memo.buckets === cache)
            memo = update.memo
        }
        #expect(cache.count > 0)
        #expect(cache.hits > 0, "the later edits planned the kept buckets")
    }
}

@Suite struct LazyEntryHeadsTests {
    @Test func aHeadIsMadeOnceFromItsRowAndIsTheHeadOfTheRow() {
        let rows = countriesSite.only.records.indices.map(PageContexts(site: countriesSite, collection: 0).row)
        let heads = LazyEntryHeads()
        var made = 0
        for _ in 0..<2 {
            for position in [3, 0, 3, 41] {
                var expected: [UInt8] = []
                ShardEntry.appendHead(number: String(position), row: rows[position], to: &expected)
                let head = heads.head(position, number: String(position)) {
                    made += 1
                    return rows[position]
                }
                #expect(head == expected)
            }
        }
        #expect(made == 3)
        #expect(heads.count == 3)
    }
}
