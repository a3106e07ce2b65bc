import Dispatch

/// Work spread over every core.
///
/// SAFETY: `map` and `tryMap` make their array in place: each task initialises only its own positions,
/// every task has returned before the array is handed back, and the array counts as initialised only
/// when every position is (`tryMap` deinitialises what it made when a task fails). `Places` is the
/// array's start handed to the tasks; it does not outlive the call.
public enum Parallel {
    /// `[body(0), body(1), …, body(count - 1)]`, computed on every core. Each result is written straight
    /// into its place in the array, so no worker touches shared array storage.
    @inlinable
    public static func map<Value>(_ count: Int, _ body: @Sendable (Int) -> Value) -> [Value] {
        guard count > 0 else { return [] }
        return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            let places = Places(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: count) { (places.base + $0).initialize(to: body($0)) }
            initialized = count
        }
    }

    /// `[body(0), body(1), …, body(count - 1)]`, computed on every core `chunk` positions to a task, each
    /// value written straight into its place; when `body` fails anywhere, the values made are let go, and
    /// the failure of the lowest position is thrown.
    public static func tryMap<Value, Failure: Error>(
        _ count: Int, chunk: Int, _ body: @Sendable (Int) throws(Failure) -> Value
    ) throws(Failure) -> [Value] {
        guard count > 0 else { return [] }
        var failure: Failure?
        let values = [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            // SAFETY: each task initialises the places of its own chunk only, in order, and on a failure
            // deinitialises what it initialised; every chunk's task has returned before this closure
            // does, and `initialized` is set only when every place holds a value.
            let places = Places(base: buffer.baseAddress!)
            let failures = map((count + chunk - 1) / chunk) { number -> Failure? in
                let range = number * chunk..<min(count, (number + 1) * chunk)
                for position in range {
                    do throws(Failure) {
                        (places.base + position).initialize(to: try body(position))
                    } catch {
                        (places.base + range.lowerBound).deinitialize(count: position - range.lowerBound)
                        return error
                    }
                }
                return nil
            }
            guard let first = failures.lazy.compactMap({ $0 }).first else {
                initialized = count
                return
            }
            for (number, failed) in failures.enumerated() where failed == nil {
                let start = number * chunk
                (places.base + start).deinitialize(count: min(count, start + chunk) - start)
            }
            failure = first
        }
        if let failure { throw failure }
        return values
    }

    /// `[body(0..<chunk), body(chunk..<2 * chunk), …]` up to `count`, computed on every core: work on many
    /// small items, a chunk of them per task.
    @inlinable
    public static func map<Value>(_ count: Int, chunk: Int, _ body: @Sendable (Range<Int>) -> Value) -> [Value] {
        map((count + chunk - 1) / chunk) { number in body(number * chunk..<min(count, (number + 1) * chunk)) }
    }

    /// `0..<count` sorted by `precedes`, a strict total order: two halves sorted on two cores, then
    /// merged. For a large sort on the critical path.
    public static func sortedIndices(_ count: Int, by precedes: @Sendable (Int, Int) -> Bool) -> [Int] {
        guard count >= parallelSortMinimum else { return (0..<count).sorted(by: precedes) }
        let half = count / 2
        let halves = map(2) { part in (part == 0 ? 0..<half : half..<count).sorted(by: precedes) }
        let (left, right) = (halves[0], halves[1])
        var merged: [Int] = []
        merged.reserveCapacity(count)
        var (l, r) = (0, 0)
        while l < left.count, r < right.count {
            if precedes(right[r], left[l]) {
                merged.append(right[r])
                r += 1
            } else {
                merged.append(left[l])
                l += 1
            }
        }
        merged += left[l...]
        merged += right[r...]
        return merged
    }

    /// Below this many, one core sorts: two threads cost more than they save.
    static let parallelSortMinimum = 8_192

    /// The start of the array being filled, handed to the workers: each writes its own place only.
    @usableFromInline
    struct Places<Value>: @unchecked Sendable {
        @usableFromInline let base: UnsafeMutablePointer<Value>
        @usableFromInline init(base: UnsafeMutablePointer<Value>) { self.base = base }
    }
}
