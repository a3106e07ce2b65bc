import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The numbers search entries carry: each collection's index order, the collections merged by the site's
/// collation, and in another language the shared records' numbers kept.
@Suite struct SearchNumbersTests {
    /// The merge by steps that double and halve is the plain merge of two runs, whatever their lengths.
    @Test func aGallopingMergeIsThePlainMerge() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let (m, n) = (Int.random(in: 0...40, using: &generator), Int.random(in: 0...40, using: &generator))
            // Keys by element: the first run's elements are 0..<m, the second's m..<m+n, each run sorted.
            let keys =
                (0..<m).map { _ in Int.random(in: 0...30, using: &generator) }.sorted()
                + (0..<n).map { _ in Int.random(in: 0...30, using: &generator) }.sorted()
            let (a, b) = (Array(0..<m), Array(m..<(m + n)))
            // Equal keys: the first run's first.
            let precedes = { (x: Int, y: Int) in keys[x] != keys[y] ? keys[x] < keys[y] : x < y }
            var plain: [Int] = []
            var (i, j) = (0, 0)
            while i < a.count || j < b.count {
                if j == b.count || (i < a.count && precedes(a[i], b[j])) {
                    plain.append(a[i])
                    i += 1
                } else {
                    plain.append(b[j])
                    j += 1
                }
            }
            #expect(SearchNumbers.merge(a, b, precedes: precedes) == plain, "\(keys), \(m)")
        }
    }

    /// A short run merged into a long one asks for few comparisons.
    @Test func aShortRunCostsItsLengthTimesTheLogarithm() {
        var comparisons = 0
        let long = Array(0..<34_006), short = Array(34_006..<34_258)
        let merged = SearchNumbers.merge(long, short) { a, b in
            comparisons += 1
            // The short run's records fall every 135 places of the long one's.
            func key(_ x: Int) -> Double { x < 34_006 ? Double(x) : Double(x - 34_006) * 135 + 0.5 }
            return key(a) < key(b)
        }
        #expect(merged.count == 34_258 && Set(merged).count == 34_258)
        #expect(comparisons < 252 * 20, "\(comparisons)")
    }

    /// In the shipped site, the numbers of both collections follow ICU's English collation of their titles,
    /// and each collection keeps its own index order.
    @Test func theCollectionsAreMergedByTheCollation() throws {
        let site = try SiteModeler().model(ContentLoader(folder: repoPath("Content")).load())
        let numbers = SearchNumbers.merged(site: site)
        #expect(numbers.written == nil)
        #expect(Set(numbers.order).count == site.recordCount)
        let collation = Collation.of(site.config.locale)
        var byNumber = [(title: String, collection: Int, offset: Int)?](repeating: nil, count: site.recordCount)
        for collection in site.collections {
            for (offset, record) in collection.records.enumerated() {
                byNumber[Int(numbers.order[collection.offset + offset])] = (record.title, collection.number, offset)
            }
        }
        let merged = byNumber.map { $0! }
        var interleaved = 0
        for (before, after) in zip(merged, merged.dropFirst()) {
            if before.collection == after.collection {
                #expect(before.offset < after.offset, "\(before.title), \(after.title)")
            } else {
                interleaved += 1
                let (x, y) = (before.title, after.title)
                let (bucketX, bucketY) = (collation.bucket(of: x), collation.bucket(of: y))
                #expect(
                    bucketX < bucketY
                        || (bucketX == bucketY
                            && !collation.sortKey(y).lexicographicallyPrecedes(collation.sortKey(x))),
                    "\(x), \(y)")
            }
        }
        // Not one collection after the other.
        #expect(interleaved > 100)
        // Chad, about the 40th country, comes after the cities from A to Ch.
        let chad = site.collections[0].records.firstIndex { $0.key == "TD" }!
        #expect(numbers.order[chad] > 1_000)
    }

    /// In Swedish, the cities (pages in English only) keep the English numbers their shared shards carry,
    /// and the countries, in Swedish order, take decimals between them.
    @Test func anotherLanguageKeepsTheSharedNumbers() throws {
        let content = try ContentLoader(folder: repoPath("Content")).load()
        let english = try SiteModeler().model(content)
        let swedishContent = LanguageEdition(
            of: content, language: content.config.languages.firstIndex { $0.id == "sv" }!
        )
        .content
        let swedish = try SiteModeler().modelWithPositions(swedishContent, sharing: english).site
        let (ours, theirs) = (
            SearchNumbers.merged(site: swedish, shared: SearchNumbers.merged(site: english)),
            SearchNumbers.merged(site: english)
        )
        let cities = swedish.collections.first { !$0.spec.hasPages }!
        for position in cities.offset..<(cities.offset + cities.records.count) {
            #expect(ours.text(position) == theirs.text(position))
        }
        // Only the countries' numbers are texts of their own; the cities' are the English order itself.
        #expect(ours.written?.own.count == swedish.recordCount - cities.records.count)
        #expect(ours.written?.shared == theirs.order)
        // Every number is a JSON number, in the merged order, each once.
        let values = (0..<swedish.recordCount).map { position -> (Int32, Double) in
            let text = ours.text(position)
            #expect(text.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?/) != nil, "\(text)")
            return (ours.order[position], Double(text)!)
        }.sorted { $0.0 < $1.0 }.map(\.1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        // The countries keep their Swedish order: Östtimor, after Zimbabwe, last.
        let countries = swedish.collections[0]
        let numbersOfCountries = (0..<countries.records.count).map { ours.order[countries.offset + $0] }
        #expect(numbersOfCountries == numbersOfCountries.sorted())
        #expect(countries.records.last?.title == "Östtimor")
    }

    /// A language's numbers go into a build snapshot and come back as they were: beside the default's memo,
    /// the shared records' numbers only marked; without it, written out. Marked but read without the
    /// default's memo, or beside a default of other numbers, they are malformed rather than trusted.
    @Test(arguments: [1, 2, 3] as [UInt64]) func aLanguagesNumbersReadBackAsWritten(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let count = 20 + Int(random.next() % 300)
        let shared = (0..<count).map { Int32($0) }.shuffled(using: &random)
        let own = Dictionary(
            uniqueKeysWithValues: (0..<count).filter { _ in random.next() % 4 == 0 }.map {
                ($0, "\(shared[$0]).\(1 + random.next() % 9)")
            })
        let numbers = SearchNumbers(
            order: (0..<count).map { Int32($0) }.shuffled(using: &random),
            written: SearchNumbers.Written(shared: shared, own: own))
        let language = SearchMemo(keys: [], numbers: numbers, scopes: [], manifestName: "language")
        let defaults = SearchMemo(keys: [], numbers: SearchNumbers(order: shared), scopes: [], manifestName: "default")
        func written(besides: SearchMemo?) -> [UInt8] {
            var writer = BinaryWriter()
            language.write(scopes: [], besides: besides, to: &writer)
            return writer.bytes
        }
        func read(_ bytes: [UInt8], sharing: SearchMemo?) throws -> SearchNumbers {
            try bytes.withUnsafeBytes { raw in
                var reader = BinaryReader(raw)
                return try SearchMemo.read(from: &reader, scopes: [], count: count, sharing: sharing).numbers
            }
        }
        let (marked, whole) = (written(besides: defaults), written(besides: nil))
        #expect(marked.count < whole.count, "the shared numbers only marked")
        #expect(try read(marked, sharing: defaults) == numbers)
        #expect(try read(whole, sharing: nil) == numbers)
        #expect(try read(whole, sharing: defaults) == numbers)
        #expect(throws: BinaryReader.Malformed.self) { try read(marked, sharing: nil) }
        let other = SearchMemo(
            keys: [], numbers: SearchNumbers(identity: count), scopes: [], manifestName: "default")
        #expect(written(besides: other) == whole, "beside other numbers, written out")
        var notAnOrder = BinaryWriter()
        let halved = SearchNumbers(
            order: numbers.order, written: SearchNumbers.Written(shared: shared.map { $0 / 2 }, own: own))
        SearchMemo(keys: [], numbers: halved, scopes: [], manifestName: "language").write(scopes: [], to: &notAnOrder)
        #expect(throws: BinaryReader.Malformed.self, "shared numbers that are not an order") {
            try read(notAnOrder.bytes, sharing: nil)
        }
        for position in 0..<count {
            #expect(numbers.text(position) == own[position] ?? String(shared[position]))
        }
    }
}
