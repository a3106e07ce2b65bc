import Foundation

/// Byte-for-byte equality of what a page shows. Swift's `==` on texts is canonical equivalence: a composed
/// "é" equals "e" and a combining accent, though a page that shows one differs from a page that shows the
/// other. What decides whether a page is made again compares with this.
public protocol SameBytes {
    func hasSameBytes(as other: Self) -> Bool
}

extension String: SameBytes {
    @inlinable
    public func hasSameBytes(as other: String) -> Bool {
        // The same representation (a small text held inline, or the same storage) is the same text: most
        // texts compared are shared by the two loads, and this is one comparison of 16 bytes.
        // SAFETY: the pointers and the contiguous UTF-8 are read only during the calls that give them.
        let same = withUnsafePointer(to: self) { mine in withUnsafePointer(to: other) { sameRepresentation(mine, $0) } }
        if same { return true }
        let found = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == theirs.count
                    && (mine.isEmpty || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0)
            }
        }
        return (found ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension Array: SameBytes where Element: SameBytes {
    /// The same elements in the same order, byte for byte; read in place, as a copy of each would retain
    /// what it holds.
    @inlinable
    public func hasSameBytes(as other: [Element]) -> Bool {
        // SAFETY: both buffers live for the call, and the counts are equal.
        count == other.count
            && withUnsafeBufferPointer { mine in
                other.withUnsafeBufferPointer { theirs in
                    mine.indices.allSatisfy { mine[$0].hasSameBytes(as: theirs[$0]) }
                }
            }
    }
}

extension Array {
    /// Whether the two arrays are one storage (copies of one array, neither changed since): then they hold
    /// the same elements, and nothing of them needs comparing.
    @inlinable
    public func isSameStorage(as other: [Element]) -> Bool {
        // SAFETY: as `String.hasSameBytes`: the pointers are read only during the calls that give them.
        withUnsafePointer(to: self) { mine in withUnsafePointer(to: other) { sameRepresentation(mine, $0) } }
    }
}

extension Array where Element: SameBytes {
    /// The positions whose elements are not the same bytes as `other`'s at the same place, ascending; the
    /// elements past the shorter array's end are left out. Read in place: most elements two loads hold
    /// are the same storage (copies of one value), and telling so is one comparison of their
    /// representation, where a copy of each retained what it holds.
    @inlinable
    public func positionsWithOtherBytes(than other: [Element]) -> [Int] {
        // SAFETY: both buffers live for the call, and every position read is below both counts.
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                (0..<Swift.min(mine.count, theirs.count)).filter { position in
                    !sameRepresentation(mine.baseAddress! + position, theirs.baseAddress! + position)
                        && !mine[position].hasSameBytes(as: theirs[position])
                }
            }
        }
    }
}

/// Whether two values are held in the same bytes: the same inline bytes, and the same storage for what
/// they hold elsewhere (a text, an array). Such values are the same value; values that are not may still
/// be equal, which a comparison of what they hold decides. Read where they are: a copy retains.
///
/// SAFETY: both pointers must point to initialised values. Equal bytes mean the same value for the types
/// compared here (`String`, `Array`, and structs of them and of integers, whose layout has no padding);
/// unequal bytes are never taken to mean unequal values (the caller compares those by their contents), so
/// padding can cost a comparison, never a wrong answer. `SameRepresentationTests` pins this against `==`.
@inlinable
public func sameRepresentation<Value>(_ one: UnsafePointer<Value>, _ other: UnsafePointer<Value>) -> Bool {
    memcmp(one, other, MemoryLayout<Value>.size) == 0
}
