import Algorithms
import WorldFactsModel
import WorldFactsSupport

extension SearchKeys {
    /// The suffixes that start with one scalar (or, for the parts of a large bucket, two), in record
    /// order: the unit the planner plans on its own and a rebuild reuses whole. Suffix records are the
    /// bucket's own numbers, which rise with record position, so they sort as positions do; `positions`
    /// maps them back.
    struct Bucket {
        /// The scalars every suffix of the bucket starts with.
        let prefix: [Unicode.Scalar]
        var suffixes: [Suffix] = []
        var positions: [Int] = []
        /// The scalars of every text of the scope, which the suffixes are places in (shared by every bucket).
        let scalars: [Unicode.Scalar]

        init(prefix: [Unicode.Scalar], scalars: [Unicode.Scalar]) {
            self.prefix = prefix
            self.scalars = scalars
        }

        var first: Unicode.Scalar { prefix[0] }

        /// A suffix's scalars.
        func text(of suffix: Suffix) -> ArraySlice<Unicode.Scalar> {
            scalars[Int(suffix.start)..<Int(suffix.start) + Int(suffix.count)]
        }

        /// A suffix's scalar at `depth` (below `suffix.count`).
        func scalar(of suffix: Suffix, at depth: Int) -> Unicode.Scalar { scalars[Int(suffix.start) + depth] }
        var prefixText: String { String(String.UnicodeScalarView(prefix)) }

        /// The bucket's own number for a record position in it.
        func number(of position: Int) -> Int {
            positions.partitioningIndex { $0 >= position }
        }

        /// Whether the record at `position` has a suffix in the bucket.
        func holds(_ position: Int) -> Bool {
            let number = number(of: position)
            return number < positions.count && positions[number] == position
        }

        /// The suffixes longer than the prefix, grouped by their next scalar, in scalar order: the
        /// children of the bucket's node, each a bucket of its own.
        func parts() -> [Bucket] {
            let depth = prefix.count
            // A node on a chain ("america/" below "a"): every suffix goes on, with the same next scalar.
            // Its one part has the same suffixes and records.
            if let first = suffixes.first, first.count > depth {
                let next = scalar(of: first, at: depth)
                if suffixes.allSatisfy({ $0.count > depth && scalar(of: $0, at: depth) == next }) {
                    var part = Bucket(prefix: prefix + [next], scalars: scalars)
                    part.suffixes = suffixes
                    part.positions = positions
                    return [part]
                }
            }
            var parts: [Bucket] = []
            // Part numbers by next scalar: a table for the Latin ones, a dictionary beyond.
            var latinPart = [Int32](repeating: -1, count: Int(Folding.latinEnd))
            var otherPart: [UInt32: Int] = [:]
            for suffix in suffixes where suffix.count > depth {
                let next = scalar(of: suffix, at: depth)
                var number =
                    next.value < Folding.latinEnd ? Int(latinPart[Int(next.value)]) : otherPart[next.value] ?? -1
                if number < 0 {
                    number = parts.count
                    if next.value < Folding.latinEnd {
                        latinPart[Int(next.value)] = Int32(number)
                    } else {
                        otherPart[next.value] = number
                    }
                    parts.append(Bucket(prefix: prefix + [next], scalars: scalars))
                }
                let position = positions[Int(suffix.record)]
                if parts[number].positions.last != position { parts[number].positions.append(position) }
                var part = Suffix(
                    record: Int32(parts[number].positions.count - 1), start: suffix.start, count: suffix.count,
                    isWhole: suffix.isWhole)
                part.isCut = suffix.isCut
                parts[number].suffixes.append(part)
            }
            return parts.sorted { $0.prefix[depth].value < $1.prefix[depth].value }
        }
    }

    /// Every suffix of every text, grouped by its first scalar, buckets in scalar order.
    func buckets() -> [Bucket] {
        let texts = DistinctTexts(self, positions: 0..<recordEnds.count)
        let scalars = texts.scalars
        var buckets: [Bucket] = []
        // Bucket numbers by first scalar: a table for the Latin ones, a dictionary beyond.
        var latinBucket = [Int](repeating: -1, count: Int(Folding.latinEnd))
        var otherBucket: [UInt32: Int] = [:]
        func bucket(of first: Unicode.Scalar) -> Int {
            let known = first.value < Folding.latinEnd ? latinBucket[Int(first.value)] : otherBucket[first.value] ?? -1
            if known >= 0 { return known }
            if first.value < Folding.latinEnd {
                latinBucket[Int(first.value)] = buckets.count
            } else {
                otherBucket[first.value] = buckets.count
            }
            buckets.append(Bucket(prefix: [first], scalars: scalars))
            return buckets.count - 1
        }
        forEachSuffix(of: 0..<recordEnds.count, texts: texts) { position, suffix in
            let number = bucket(of: scalars[Int(suffix.start)])
            buckets[number].add(suffix, of: position)
        }
        return buckets.sorted { $0.first.value < $1.first.value }
    }

    /// The bucket of the suffixes that start with `first`, from the records at `positions` (ascending:
    /// every record with such a suffix, as in the bucket `buckets()` gives, which this one equals but for
    /// where its scalars are kept).
    func bucket(_ first: Unicode.Scalar, positions: [Int]) -> Bucket {
        let texts = DistinctTexts(self, positions: positions)
        let scalars = texts.scalars
        var bucket = Bucket(prefix: [first], scalars: scalars)
        forEachSuffix(of: positions, texts: texts) { position, suffix in
            if scalars[Int(suffix.start)] == first { bucket.add(suffix, of: position) }
        }
        return bucket
    }

    /// The first scalar of every suffix of the record at `position`: the buckets it is in.
    func firstScalars(of position: Int) -> Set<UInt32> {
        let texts = DistinctTexts(self, positions: CollectionOfOne(position))
        var firsts = Set<UInt32>()
        forEachSuffix(of: CollectionOfOne(position), texts: texts) { _, suffix in
            firsts.insert(texts.scalars[Int(suffix.start)].value)
        }
        return firsts
    }

    /// Every suffix (the whole text, then each later word start) of every text of the records at
    /// `positions`, in order, with `texts` made from the same positions; a suffix's record is left for
    /// the bucket to number.
    private func forEachSuffix(
        of positions: some Collection<Int>, texts: DistinctTexts, _ body: (Int, Suffix) -> Void
    ) {
        var text = 0
        for position in positions {
            let count = textRange(of: position).count
            texts.forEachSuffix(ofTexts: text..<text + count) { body(position, $0) }
            text += count
        }
    }
}

extension SearchKeys.Bucket {
    /// Adds a suffix of the record at `position` (at or after the last one added), numbering it.
    mutating func add(_ suffix: SearchKeys.Suffix, of position: Int) {
        if positions.last != position { positions.append(position) }
        var numbered = SearchKeys.Suffix(
            record: Int32(positions.count - 1), start: suffix.start, count: suffix.count, isWhole: suffix.isWhole)
        numbered.isCut = suffix.isCut
        suffixes.append(numbered)
    }
}
