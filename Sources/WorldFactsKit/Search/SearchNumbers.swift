import WorldFactsModel
import WorldFactsSupport

/// By record position, the number that leads each of the record's search entries (`ShardEntry`): the
/// record's identity in its language's index, and its place in the order that breaks ties between
/// results, which `search.js` and the planner's previews sort by. Within a collection that order is the
/// index's; across collections it is the site's collation, so the "All" scope interleaves the records of
/// its collections as one index of them all would, rather than giving one collection's after the other's.
///
/// A number is the record's place in the merge of the collections, each in its index order (`merged`). In
/// a language other than the default, the records of a collection with pages in the default language only
/// keep the default's numbers, since their shards are the default's, byte for byte
/// (`SearchIndex.sharing`); the language's own records take numbers between those, as decimals written
/// with as many digits as their gap needs: after shared record 41, "41.1", "41.2", before the first
/// shared record "-0.9", "-0.8". JSON reads each as a number that compares as the merge orders them.
public struct SearchNumbers: Sendable, Equatable {
    /// By position: its place in the merged order, from 0.
    let order: [Int32]
    /// The numbers as written where they differ from `order`'s (a language with shared records); else nil.
    let written: Written?

    /// A language's numbers as written: a shared record's is the default's (`shared`, the default's
    /// `order`, the same array), and only its own records' decimals are texts of their own. Written out for
    /// every record, they were a text per record of the site in every language, made, saved in the build
    /// snapshot and read back.
    struct Written: Sendable, Equatable {
        /// By position, the default's number of the record.
        let shared: [Int32]
        /// By position, the numbers of the language's own records.
        let own: [Int: String]
    }

    init(order: [Int32], written: Written? = nil) {
        self.order = order
        self.written = written
    }

    /// Every record numbered by its position: a site of one collection, and tests.
    public init(identity count: Int) {
        self.init(order: (0..<count).map { Int32($0) })
    }

    /// The number the entries of the record at `position` start with.
    func text(_ position: Int) -> String {
        guard let written else { return String(order[position]) }
        return written.own[position] ?? String(written.shared[position])
    }

    /// The numbers of `site`'s records: its collections merged by the collation of the site's language.
    /// `shared`: in a language other than the default, the default's numbers, which the records of its
    /// collections with pages in the default language only keep.
    public static func merged(site: Site, shared: SearchNumbers? = nil) -> SearchNumbers {
        let collation = Collation.of(site.config.collationLocale)
        let count = site.recordCount
        var keys = [[UInt8]?](repeating: nil, count: count)
        var collectionOf = [Int32](repeating: 0, count: count)
        for collection in site.collections {
            for offset in 0..<collection.records.count {
                collectionOf[collection.offset + offset] = Int32(collection.number)
            }
        }
        // A title's place in an index: its section's number, then its sort key (as `SortKeys` orders a
        // collection); between equals, the earlier collection first. Made when first compared.
        func key(_ position: Int) -> [UInt8] {
            if let known = keys[position] { return known }
            let (collection, offset) = site.locate(position)
            let title = site.collections[collection].records[offset].title
            let bucket = UInt32(collation.bucket(of: title))
            var made = (0..<4).map { UInt8(truncatingIfNeeded: bucket >> (24 - 8 * $0)) }
            made += collation.sortKey(title)
            keys[position] = made
            return made
        }
        func precedes(_ a: Int, _ b: Int) -> Bool {
            let (x, y) = (key(a), key(b))
            return x == y ? collectionOf[a] < collectionOf[b] : x.lexicographicallyPrecedes(y)
        }
        let sharing =
            shared.map { shared in
                shared.order.count == count && shared.written == nil && site.config.isEdition
            } ?? false
        let runs = site.collections.map { Array($0.offset..<($0.offset + $0.records.count)) }
        let own = site.collections.indices.filter { !sharing || site.collections[$0].spec.hasPages }
        let ownOrder = own.dropFirst().reduce(own.first.map { runs[$0] } ?? []) { merged, collection in
            merge(merged, runs[collection], precedes: precedes)
        }
        guard sharing, let shared, own.count < site.collections.count else {
            return SearchNumbers(order: rank(ownOrder, count: count))
        }
        // The shared records in the default's order, which their shards are in.
        let sharedOrder = site.collections.filter { !$0.spec.hasPages }.flatMap { runs[$0.number] }
            .sorted { shared.order[$0] < shared.order[$1] }
        let order = merge(sharedOrder, ownOrder, precedes: precedes)
        return SearchNumbers(
            order: rank(order, count: count), written: between(order, shared: shared, own: Set(ownOrder)))
    }

    /// By position, each one's place in `order`.
    private static func rank(_ order: [Int], count: Int) -> [Int32] {
        var ranks = [Int32](repeating: 0, count: count)
        for (place, position) in order.enumerated() { ranks[position] = Int32(place) }
        return ranks
    }

    /// The written numbers of a language's own records (`own`) in `order`: shared records keep the
    /// default's, and each run of own records between two of them gets decimals of the first.
    private static func between(_ order: [Int], shared: SearchNumbers, own: Set<Int>) -> Written {
        var written: [Int: String] = [:]
        var gap: [Int] = []
        var before = -1
        func close() {
            let digits = String(gap.count).count
            let scale = (0..<digits).reduce(1) { result, _ in result * 10 }
            for (number, position) in gap.enumerated() {
                let step = number + 1
                let fraction = before >= 0 ? step : scale - step
                let padded = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
                written[position] = before >= 0 ? "\(before).\(padded)" : "-0.\(padded)"
            }
            gap.removeAll()
        }
        for position in order {
            if own.contains(position) {
                gap.append(position)
            } else {
                if !gap.isEmpty { close() }
                before = Int(shared.order[position])
            }
        }
        if !gap.isEmpty { close() }
        return Written(shared: shared.order, own: written)
    }

    /// `a` and `b` merged, each in its own order: the next element is `b`'s when it precedes `a`'s
    /// (`precedes(a's, b's)` false). Each element of the shorter finds its place in the longer by steps
    /// that double, then halve (as timsort merges runs), so a collection of 252 records merged into one of
    /// 34,006 costs a few thousand comparisons, not 34,258. Where the longer is not in `precedes`'s
    /// order (a language's collation over titles in the default's order) the places found still keep
    /// both orders.
    static func merge(_ a: [Int], _ b: [Int], precedes: (Int, Int) -> Bool) -> [Int] {
        let aIsLong = a.count >= b.count
        let (long, short) = aIsLong ? (a, b) : (b, a)
        // Whether the long run's element goes before the short run's.
        func first(_ longElement: Int, _ shortElement: Int) -> Bool {
            aIsLong ? !precedes(shortElement, longElement) : precedes(longElement, shortElement)
        }
        var merged: [Int] = []
        merged.reserveCapacity(a.count + b.count)
        var from = 0
        for element in short {
            var low = from, high = long.count, step = 1
            while true {
                let probe = from + step - 1
                guard probe < long.count else { break }
                if first(long[probe], element) {
                    low = probe + 1
                    step *= 2
                } else {
                    high = probe
                    break
                }
            }
            while low < high {
                let middle = (low + high) / 2
                if first(long[middle], element) { low = middle + 1 } else { high = middle }
            }
            merged += long[from..<low]
            merged.append(element)
            from = low
        }
        merged += long[from...]
        return merged
    }
}
