import WorldFactsModel
import WorldFactsSupport

// How the search keys of a site's scopes are written into a build's snapshot and read back: as they are
// kept, the UTF-8 of every folded text and where each text and each record's texts end, so that neither
// writing nor reading makes a string per text. A build snapshot writes the "All" scope's keys too
// (`allKeys`): merged again from the other scopes' keys on reading, as `SearchIndex` merges them, they cost
// a command-line edit more than copying them back (for the default language, and again for every other).
extension SearchKeys {
    /// Writes `keys`, one per scope of `scopes`: a byte for how each is kept (`Kept`), then its own keys.
    /// `shared`: the scopes a language takes from the default's index (`SearchIndex(…, sharing:)`), only marked.
    /// `allKeys`: the "All" scope's keys are written too, not merged again.
    /// `defaults`: the default language's keys, by scope: a scope's records whose texts are the default's
    /// are written as runs of positions, and read from the default's keys again (`Kept.besideDefault`).
    public static func write(
        _ keys: [SearchKeys], scopes: [SearchScope], sharing shared: Set<Int> = [], allKeys: Bool = false,
        besides defaults: [SearchKeys]? = nil, to writer: inout BinaryWriter
    ) {
        writer.int(keys.count)
        for (number, (keys, scope)) in zip(keys, scopes).enumerated() {
            var kept: Kept =
                shared.contains(number) ? .shared : scope.collection == nil && !allKeys ? .merged : .own
            let runs =
                kept == .own
                ? defaults.flatMap { $0.indices.contains(number) ? keys.runs(sameAs: $0[number]) : nil }
                    ?? [] : []
            if !runs.isEmpty { kept = .besideDefault }
            writer.byte(kept.rawValue)
            guard kept == .own || kept == .besideDefault else { continue }
            if kept == .besideDefault { writer.narrowInts(SameRuns.bounds(runs)) }
            let own = runs.isEmpty ? keys : keys.without(runs)
            writer.data(own.folded.bytes)
            writer.narrowInts(own.folded.ends)
            writer.narrowInts(own.recordEnds)
        }
    }

    /// How a scope's keys are kept in a snapshot.
    enum Kept: UInt8 {
        /// The "All" scope's, merged again from its members'.
        case merged
        case own
        /// A language's, taken from the default's index.
        case shared
        /// A language's own, but for runs of records whose texts are the default's (a collection searched
        /// as the default shows it, in its "All" scope): those are taken from the default's keys.
        case besideDefault
    }

    /// What `write` wrote for `scopes`, of a site of `count` records; malformed unless every end is in
    /// order and within what it ends. `shared`: the default's keys, which a shared scope takes.
    public static func read(
        from reader: inout BinaryReader, scopes: [SearchScope], count: Int, sharing shared: [SearchKeys]? = nil
    ) throws(BinaryReader.Malformed) -> [SearchKeys] {
        guard try reader.count() == scopes.count else { throw BinaryReader.Malformed(offset: reader.index) }
        var keys: [SearchKeys?] = []
        for (number, scope) in scopes.enumerated() {
            guard let kept = Kept(rawValue: try reader.byte()),
                kept == .own || kept == .besideDefault || (kept == .merged) == (scope.collection == nil)
            else { throw BinaryReader.Malformed(offset: reader.index) }
            if kept == .merged {
                keys.append(nil)
                continue
            }
            if kept == .shared {
                guard let shared, shared.indices.contains(number), shared[number].recordEnds.count == count else {
                    throw BinaryReader.Malformed(offset: reader.index)
                }
                keys.append(shared[number])
                continue
            }
            let runs = kept == .besideDefault ? try reader.narrowInts() : []
            let (bytes, ends, recordEnds) = (try reader.data(), try reader.narrowInts(), try reader.narrowInts())
            guard let folded = PackedBytes(bytes: bytes, ends: ends),
                PackedBytes.inOrder(recordEnds, endingAt: folded.count)
            else { throw BinaryReader.Malformed(offset: reader.index) }
            let own = SearchKeys(Flat(folded: folded, recordEnds: recordEnds))
            guard kept == .besideDefault else {
                guard recordEnds.count == count else { throw BinaryReader.Malformed(offset: reader.index) }
                keys.append(own)
                continue
            }
            guard let shared, shared.indices.contains(number),
                let spliced = SearchKeys.spliced(own, shared[number], runs: runs, count: count)
            else { throw BinaryReader.Malformed(offset: reader.index) }
            keys.append(spliced)
        }
        let members = zip(keys, scopes).compactMap { $1.isMember ? $0 : nil }
        return keys.map { $0 ?? SearchKeys(merging: members, count: count) }
    }
}

extension SearchKeys {
    /// The runs of positions whose records have the same texts as `other`'s, byte for byte: none unless
    /// both have the same records.
    func runs(sameAs other: SearchKeys) -> [Range<Int>] {
        guard other.recordEnds.count == recordEnds.count else { return [] }
        // A block of records at a time, halved where it differs: most of a language's records are the
        // default's, and a block that is the same costs one comparison of its bytes.
        var runs: [Range<Int>] = []
        func collect(_ positions: Range<Int>) {
            if hasSameTexts(positions, as: other) {
                if let last = runs.last, last.upperBound == positions.lowerBound {
                    runs[runs.count - 1] = last.lowerBound..<positions.upperBound
                } else {
                    runs.append(positions)
                }
            } else if positions.count > 1 {
                let middle = positions.lowerBound + positions.count / 2
                collect(positions.lowerBound..<middle)
                collect(middle..<positions.upperBound)
            }
        }
        for start in stride(from: 0, to: recordEnds.count, by: 1_024) {
            collect(start..<min(start + 1_024, recordEnds.count))
        }
        return runs
    }

    /// Whether the records at `positions` have the same texts here as in `other`, record for record.
    func hasSameTexts(_ positions: Range<Int>, as other: SearchKeys) -> Bool {
        guard let last = positions.last else { return true }
        let (mine, theirs) = (textRange(of: positions.lowerBound), other.textRange(of: positions.lowerBound))
        for position in positions
        where recordEnds[position] - mine.lowerBound != other.recordEnds[position] - theirs.lowerBound {
            return false
        }
        return folded.hasSameStrings(
            mine.lowerBound..<recordEnds[last], as: other.folded, theirs.lowerBound..<other.recordEnds[last])
    }

    /// How many texts, and bytes of them, the records at `positions` have.
    func size(of positions: Range<Int>) -> (texts: Int, bytes: Int) {
        guard let last = positions.last else { return (0, 0) }
        let texts = textRange(of: positions.lowerBound).lowerBound..<recordEnds[last]
        guard let lastText = texts.last else { return (0, 0) }
        return (texts.count, folded.ends[lastText] - folded.range(of: texts.lowerBound).lowerBound)
    }

    /// The records outside `runs`, in order, as keys of their own.
    func without(_ runs: [Range<Int>]) -> SearchKeys {
        var flat = Flat()
        var position = 0
        for run in runs + [recordEnds.count..<recordEnds.count] {
            flat.append(self, position..<run.lowerBound)
            position = run.upperBound
        }
        return SearchKeys(flat)
    }

    /// Keys of `count` records: those in `runs` (in order, apart, within `count`) `shared`'s, the others
    /// `own`'s in order. Nil when they do not fit: malformed.
    static func spliced(_ own: SearchKeys, _ shared: SearchKeys, runs bounds: [Int], count: Int) -> SearchKeys? {
        guard shared.recordEnds.count == count, let runs = SameRuns.runs(bounds: bounds, count: count),
            own.recordEnds.count + SameRuns.covered(runs) == count
        else { return nil }
        var flat = Flat()
        // Room for all of it at once: grown by doubling, its bytes were copied and their pages touched again.
        let sizes = runs.map(shared.size(of:))
        flat.folded.reserve(
            strings: own.folded.count + sizes.reduce(0) { $0 + $1.texts },
            bytes: own.folded.bytes.count + sizes.reduce(0) { $0 + $1.bytes })
        flat.recordEnds.reserveCapacity(count)
        var (position, ownPosition) = (0, 0)
        for run in runs + [count..<count] {
            let ownCount = run.lowerBound - position
            flat.append(own, ownPosition..<(ownPosition + ownCount))
            ownPosition += ownCount
            flat.append(shared, run)
            position = run.upperBound
        }
        return SearchKeys(flat)
    }
}

extension SearchKeys.Flat {
    /// Appends the texts of `keys`' records at `positions`, as they are.
    mutating func append(_ keys: SearchKeys, _ positions: Range<Int>) {
        guard !positions.isEmpty else { return }
        let texts = keys.textRange(of: positions.lowerBound).lowerBound..<keys.recordEnds[positions.upperBound - 1]
        let base = folded.count
        folded.append(contentsOf: keys.folded, texts)
        recordEnds += keys.recordEnds[positions].map { $0 - texts.lowerBound + base }
    }
}

// How what a search index left for the next build (`SearchMemo`) is written into a build's snapshot and
// read back: the keys as above, then each scope's entry hashes and floors and its buckets.
extension SearchMemo {
    /// `shared`: the scopes a language takes from the default's index, whose keys and memo are the
    /// default's: only marked. `defaults`: the default language's memo, written in the same snapshot, beside
    /// which a language's keys and numbers are written (`SearchKeys.write`, `SearchNumbers.Written`).
    public func write(
        scopes: [SearchScope], sharing shared: Set<Int> = [], allKeys: Bool = false,
        besides defaults: SearchMemo? = nil, to writer: inout BinaryWriter
    ) {
        SearchKeys.write(
            keys, scopes: scopes, sharing: shared, allKeys: allKeys, besides: defaults?.keys, to: &writer)
        writer.narrowInts(numbers.order.map(Int.init))
        writer.bool(numbers.written != nil)
        if let written = numbers.written {
            // The shared records' numbers: the default's, only marked when they are that memo's order.
            let isDefaultOrder =
                defaults.map { $0.numbers.written == nil && $0.numbers.order == written.shared } ?? false
            writer.bool(isDefaultOrder)
            if !isDefaultOrder { writer.narrowInts(written.shared.map(Int.init)) }
            let own = written.own.keys.sorted()
            writer.narrowInts(own)
            writer.strings(own.map { written.own[$0]! })
        }
        writer.strings([manifestName])
        writer.array(Array(self.scopes.enumerated())) { writer, numbered in
            let (number, scope) = numbered
            writer.bool(shared.contains(number))
            guard !shared.contains(number) else { return }
            // By record of the site. A language's are written beside the default's: its records shown as the
            // default shows them (the cities) have the default's hashes and floors, unless its filters'
            // values are numbered otherwise.
            let beside = defaults.flatMap { $0.scopes.indices.contains(number) ? $0.scopes[number] : nil }
            writer.trimmedUInt64s(scope.entryHashes, besides: beside?.entryHashes)
            writer.bool(!scope.entryFloors.isEmpty)
            if !scope.entryFloors.isEmpty { writer.trimmedInts(scope.entryFloors, besides: beside?.entryFloors) }
            writer.strings([scope.filterSignature, scope.textPart])
            writer.array(scope.buckets) { writer, bucket in
                writer.int(Int(bucket.first.value))
                writer.narrowInts(bucket.positions)
                writer.strings(bucket.leaves.map(\.prefix))
                writer.strings(bucket.leaves.map(\.file))
                writer.strings(bucket.splits.map(\.prefix))
                writer.strings(bucket.splits.map(\.file))
                writer.strings(bucket.files.map(\.path))
                writer.strings(bucket.files.map(\.inputs))
            }
        }
    }

    /// What `write` wrote for `scopes`, of a site of `count` records; malformed unless there is an entry
    /// hash for every record, a floor for every record of a scope that has them, and each bucket's
    /// positions rise within the records.
    /// `shared`: the default's memo, whose scopes a language's shared ones are.
    public static func read(
        from reader: inout BinaryReader, scopes: [SearchScope], count: Int, sharing shared: SearchMemo? = nil
    ) throws(BinaryReader.Malformed) -> SearchMemo {
        typealias Malformed = BinaryReader.Malformed
        let keys = try SearchKeys.read(from: &reader, scopes: scopes, count: count, sharing: shared?.keys)
        let order = try reader.narrowInts()
        guard order.count == count, Self.isPermutation(order) else { throw Malformed(offset: reader.index) }
        let written = try reader.bool() ? try readWritten(from: &reader, count: count, sharing: shared) : nil
        let numbers = SearchNumbers(order: order.map { Int32($0) }, written: written)
        guard let manifestName = try reader.strings().first else { throw Malformed(offset: reader.index) }
        var number = 0
        let memos = try reader.array { (reader) throws(Malformed) -> ScopeMemo in
            defer { number += 1 }
            if try reader.bool() {
                guard let shared, shared.scopes.indices.contains(number),
                    shared.scopes[number].entryHashes.count == count
                else { throw Malformed(offset: reader.index) }
                return shared.scopes[number]
            }
            let beside = shared.flatMap { $0.scopes.indices.contains(number) ? $0.scopes[number] : nil }
            let hashes = try reader.trimmedUInt64s(count: count, besides: beside?.entryHashes)
            let floors = try reader.bool() ? try reader.trimmedInts(count: count, besides: beside?.entryFloors) : []
            let signature = try reader.strings()
            guard signature.count == 2 else {
                throw Malformed(offset: reader.index)
            }
            let buckets = try reader.array { (reader) throws(Malformed) -> BucketMemo in
                let first = try reader.int()
                let positions = try reader.narrowInts()
                let (leaves, leafFiles) = (try reader.strings(), try reader.strings())
                let (splits, splitFiles) = (try reader.strings(), try reader.strings())
                let (paths, inputs) = (try reader.strings(), try reader.strings())
                guard let scalar = UInt32(exactly: first).flatMap(Unicode.Scalar.init), paths.count == inputs.count,
                    leaves.count == leafFiles.count, splits.count == splitFiles.count,
                    positions.allSatisfy({ $0 >= 0 && $0 < count }), zip(positions, positions.dropFirst()).allSatisfy(<)
                else { throw Malformed(offset: reader.index) }
                return BucketMemo(
                    first: scalar, positions: positions, leaves: zip(leaves, leafFiles).map(ShardName.init),
                    splits: zip(splits, splitFiles).map(ShardName.init),
                    files: Array(zip(paths, inputs)))
            }
            var memo = ScopeMemo(
                entryHashes: hashes, entryFloors: floors, buckets: buckets, filterSignature: signature[0])
            memo.textPart = signature[1]
            return memo
        }
        guard memos.count == scopes.count else { throw Malformed(offset: reader.index) }
        return SearchMemo(keys: keys, numbers: numbers, scopes: memos, manifestName: manifestName)
    }

    /// What `write` wrote of a language's numbers (`SearchNumbers.Written`); malformed unless the shared
    /// numbers are an order of the records (each place once), taken from `shared` only when it has one of
    /// them, and the own records' positions rise within the records, one text each.
    private static func readWritten(
        from reader: inout BinaryReader, count: Int, sharing shared: SearchMemo?
    ) throws(BinaryReader.Malformed) -> SearchNumbers.Written {
        let sharedOrder: [Int32]
        if try reader.bool() {
            guard let shared, shared.numbers.written == nil, shared.numbers.order.count == count else {
                throw BinaryReader.Malformed(offset: reader.index)
            }
            sharedOrder = shared.numbers.order
        } else {
            // The default's order, as the memo's own is checked.
            let numbers = try reader.narrowInts()
            guard numbers.count == count, isPermutation(numbers) else {
                throw BinaryReader.Malformed(offset: reader.index)
            }
            sharedOrder = numbers.map { Int32($0) }
        }
        let (positions, texts) = (try reader.narrowInts(), try reader.strings())
        guard positions.count == texts.count,
            positions.allSatisfy({ $0 >= 0 && $0 < count }), zip(positions, positions.dropFirst()).allSatisfy(<)
        else { throw BinaryReader.Malformed(offset: reader.index) }
        return SearchNumbers.Written(shared: sharedOrder, own: Dictionary(uniqueKeysWithValues: zip(positions, texts)))
    }

    /// Whether `order` holds each of 0 to its count once (a set of them was a hash table of every record).
    static func isPermutation(_ order: [Int]) -> Bool {
        var seen = [Bool](repeating: false, count: order.count)
        for number in order {
            guard number >= 0, number < order.count, !seen[number] else { return false }
            seen[number] = true
        }
        return true
    }
}
