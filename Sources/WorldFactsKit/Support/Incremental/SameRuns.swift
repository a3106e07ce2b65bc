/// Runs of positions at which two arrays of the same length hold the same value, and the values outside
/// them. A language's part of a build snapshot is written beside the default language's, which the same
/// snapshot holds already: where a value is the default's, only the run it is in is written, and it is
/// read back from the default's (`BinaryWriter.trimmedUInt64s(_:besides:)`, `SearchKeys.write`).
public enum SameRuns {
    /// The runs, in order and apart, of at least `shortest` positions of `0..<count` at which `isSame`
    /// holds. A shorter run is left out: written as bounds, it would cost more than its values.
    public static func of(count: Int, shortest: Int = 1, _ isSame: (Int) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for position in 0...count {
            if position < count, isSame(position) {
                if start == nil { start = position }
            } else if let first = start {
                if position - first >= max(shortest, 1) { runs.append(first..<position) }
                start = nil
            }
        }
        return runs
    }

    /// The runs of at least `shortest` positions at which `values` and `other` are equal: none unless both
    /// have the same count.
    public static func of<Value: Equatable>(_ values: [Value], _ other: [Value]?, shortest: Int) -> [Range<Int>] {
        guard let other, other.count == values.count else { return [] }
        return of(count: values.count, shortest: shortest) { values[$0] == other[$0] }
    }

    /// The bounds of `runs`, two numbers a run, as they are written.
    public static func bounds(_ runs: [Range<Int>]) -> [Int] {
        runs.flatMap { [$0.lowerBound, $0.upperBound] }
    }

    /// The runs that `bounds` gives, when they fit `count` positions: in order, apart and not empty. Nil
    /// when they do not (malformed).
    public static func runs(bounds: [Int], count: Int) -> [Range<Int>]? {
        guard bounds.count % 2 == 0 else { return nil }
        var runs: [Range<Int>] = []
        var position = 0
        for index in stride(from: 0, to: bounds.count, by: 2) {
            let (lower, upper) = (bounds[index], bounds[index + 1])
            guard lower >= position, lower < upper, upper <= count else { return nil }
            runs.append(lower..<upper)
            position = upper
        }
        return runs
    }

    /// How many positions `runs` hold.
    public static func covered(_ runs: [Range<Int>]) -> Int {
        runs.reduce(0) { $0 + $1.count }
    }

    /// The values outside `runs` (in order and apart, within the values), in order.
    public static func without<Value>(_ values: [Value], _ runs: [Range<Int>]) -> [Value] {
        guard !runs.isEmpty else { return values }
        var own: [Value] = []
        own.reserveCapacity(values.count - covered(runs))
        var position = 0
        for run in runs + [values.count..<values.count] {
            own += values[position..<run.lowerBound]
            position = run.upperBound
        }
        return own
    }

    /// `other`'s values in `runs` and `own`'s, in order, elsewhere: the values `without` left, put back.
    /// Nil unless `own` holds exactly the positions outside the runs (within `other`'s count).
    public static func spliced<Value>(_ own: [Value], _ other: [Value], runs: [Range<Int>]) -> [Value]? {
        guard own.count + covered(runs) == other.count, runs.last.map({ $0.upperBound <= other.count }) ?? true
        else { return nil }
        guard !runs.isEmpty else { return own }
        var values: [Value] = []
        values.reserveCapacity(other.count)
        var (position, ownPosition) = (0, 0)
        for run in runs + [other.count..<other.count] {
            let ownCount = run.lowerBound - position
            values += own[ownPosition..<(ownPosition + ownCount)]
            values += other[run]
            ownPosition += ownCount
            position = run.upperBound
        }
        return values
    }
}
