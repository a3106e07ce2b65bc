import Foundation

extension String {
    /// Whether the two texts are the same bytes. Swift's `==` is canonical equivalence: a composed "é" equals
    /// "e" and a combining accent, though a page that shows one differs from a page that shows the other.
    /// What decides whether a page is made again compares with this.
    @inlinable
    public func hasSameBytes(as other: String) -> Bool {
        // The same representation (a small text held inline, or the same storage) is the same text: most
        // texts compared are shared by the two loads, and this is one comparison of 16 bytes.
        let same = withUnsafePointer(to: self) { mine in withUnsafePointer(to: other) { sameRepresentation(mine, $0) } }
        if same { return true }
        let found = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == theirs.count
                    && (mine.baseAddress == theirs.baseAddress || mine.count == 0
                        || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0)
            }
        }
        return (found ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

/// Whether two values are held in the same bytes: the same inline bytes, and the same storage for what
/// they hold elsewhere (a text, an array). Such values are the same value; values that are not may still
/// be equal, which a comparison of what they hold decides. Read where they are: a copy retains.
@inlinable
public func sameRepresentation<Value>(_ one: UnsafePointer<Value>, _ other: UnsafePointer<Value>) -> Bool {
    memcmp(one, other, MemoryLayout<Value>.size) == 0
}

extension Array where Element == String {
    /// Whether the two lists hold the same texts, byte for byte (`String.hasSameBytes(as:)`).
    @inlinable
    public func haveSameBytes(as other: [String]) -> Bool {
        count == other.count && indices.allSatisfy { self[$0].hasSameBytes(as: other[$0]) }
    }
}
