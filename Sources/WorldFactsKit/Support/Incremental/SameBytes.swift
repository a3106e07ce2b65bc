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
        count == other.count
            && withUnsafeBufferPointer { mine in
                other.withUnsafeBufferPointer { theirs in
                    mine.indices.allSatisfy { mine[$0].hasSameBytes(as: theirs[$0]) }
                }
            }
    }
}

/// Whether two values are held in the same bytes: the same inline bytes, and the same storage for what
/// they hold elsewhere (a text, an array). Such values are the same value; values that are not may still
/// be equal, which a comparison of what they hold decides. Read where they are: a copy retains.
@inlinable
public func sameRepresentation<Value>(_ one: UnsafePointer<Value>, _ other: UnsafePointer<Value>) -> Bool {
    memcmp(one, other, MemoryLayout<Value>.size) == 0
}
