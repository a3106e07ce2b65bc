import Foundation

/// Many short byte strings one after the other in one buffer, with where each ends: a quarter of a
/// million of them cost their bytes and an integer each, not an object each. The search keys' folded
/// texts (`SearchKeys`) and the shard entries' heads (`EntryHeads`) are kept so.
///
/// SAFETY: `append(_:to:)`, `hasSameStrings` and `withStrings` read the strings where they are, through
/// pointers valid only during the call: `Strings` must not outlive `withStrings`' body. Every string's
/// range comes from `ends`, which `init(bytes:ends:)` checks and `append` keeps in order, so no read
/// leaves `bytes`.
public struct PackedBytes: Sendable, Equatable {
    public private(set) var bytes: [UInt8] = []
    /// Where each string ends in `bytes` (it starts where the one before ends).
    public private(set) var ends: [Int] = []

    public init() {}

    /// Strings packed already (read back from a snapshot); nil unless the ends are in order and the last
    /// is the end of `bytes`.
    public init?(bytes: [UInt8], ends: [Int]) {
        guard Self.inOrder(ends, endingAt: bytes.count) else { return nil }
        self.bytes = bytes
        self.ends = ends
    }

    /// Parts packed apart (a chunk each, on every core), one after the other.
    public init(joining parts: [PackedBytes]) {
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        ends.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts {
            let base = bytes.count
            bytes += part.bytes
            ends += part.ends.map { $0 + base }
        }
    }

    @inlinable public var count: Int { ends.count }

    /// Where the string `number` is in `bytes`.
    @inlinable
    public func range(of number: Int) -> Range<Int> { (number == 0 ? 0 : ends[number - 1])..<ends[number] }

    @inlinable
    public subscript(number: Int) -> ArraySlice<UInt8> { bytes[range(of: number)] }

    /// Appends the string `number` to `output`, copied from where it is (a slice of it would retain and
    /// release the buffer: a shard's entries did so twice each).
    @inlinable
    public func append(_ number: Int, to output: inout [UInt8]) {
        let range = range(of: number)
        bytes.withUnsafeBufferPointer { output += UnsafeBufferPointer(rebasing: $0[range]) }
    }

    /// Calls `body` with the strings numbered `numbers`, each read where it is.
    @inlinable
    public func withStrings<Result>(_ numbers: Range<Int>, _ body: (Strings) -> Result) -> Result {
        precondition(numbers.lowerBound >= 0 && numbers.upperBound <= count, "strings past the packed ones")
        return bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in body(Strings(bytes: bytes, ends: ends, numbers: numbers)) }
        }
    }

    /// Some of the strings, each a buffer that is valid while `withStrings` runs.
    public struct Strings: RandomAccessCollection {
        @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
        @usableFromInline let ends: UnsafeBufferPointer<Int>
        @usableFromInline let numbers: Range<Int>
        @inlinable init(bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>, numbers: Range<Int>) {
            (self.bytes, self.ends, self.numbers) = (bytes, ends, numbers)
        }
        @inlinable public var startIndex: Int { numbers.lowerBound }
        @inlinable public var endIndex: Int { numbers.upperBound }
        @inlinable public subscript(number: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[(number == 0 ? 0 : ends[number - 1])..<ends[number]])
        }
    }

    /// Whether the strings numbered `mine` are those numbered `theirs` of `other`, one for one, byte for
    /// byte: the same number of strings, each of the same length, and the same bytes from the first's start
    /// to the last's end, compared where they are (a slice per string retained and released both buffers).
    public func hasSameStrings(_ mine: Range<Int>, as other: PackedBytes, _ theirs: Range<Int>) -> Bool {
        guard mine.count == theirs.count else { return false }
        guard let last = mine.last else { return true }
        let (start, theirStart) = (range(of: mine.lowerBound).lowerBound, other.range(of: theirs.lowerBound).lowerBound)
        for (number, theirNumber) in zip(mine, theirs)
        where ends[number] - start != other.ends[theirNumber] - theirStart {
            return false
        }
        let length = ends[last] - start
        guard length > 0 else { return true }
        // `ends` are in order and end at `bytes.count` in both: the `length` bytes from either start are there.
        return bytes.withUnsafeBufferPointer { bytes in
            other.bytes.withUnsafeBufferPointer { theirBytes in
                memcmp(bytes.baseAddress! + start, theirBytes.baseAddress! + theirStart, length) == 0
            }
        }
    }

    /// Makes room for `strings` strings of `bytes` bytes in all.
    public mutating func reserve(strings: Int, bytes count: Int) {
        ends.reserveCapacity(strings)
        bytes.reserveCapacity(count)
    }

    /// Appends the strings numbered `numbers` of `other`, as they are.
    public mutating func append(contentsOf other: PackedBytes, _ numbers: Range<Int>) {
        guard !numbers.isEmpty else { return }
        let start = numbers.lowerBound == 0 ? 0 : other.ends[numbers.lowerBound - 1]
        let shift = bytes.count - start
        bytes += other.bytes[start..<other.ends[numbers.upperBound - 1]]
        ends += other.ends[numbers].map { $0 + shift }
    }

    /// Appends one string: the bytes `write` appends.
    public mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
        ends.append(bytes.count)
    }

    /// True when `ends` never fall and the last is `end` (0 when there are none).
    public static func inOrder(_ ends: [Int], endingAt end: Int) -> Bool {
        var last = 0
        for value in ends {
            guard value >= last else { return false }
            last = value
        }
        return last == end
    }
}
