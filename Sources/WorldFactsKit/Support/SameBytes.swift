import Foundation

extension String {
    /// Whether the two texts are the same bytes. Swift's `==` is canonical equivalence: a composed "é" equals
    /// "e" and a combining accent, though a page that shows one differs from a page that shows the other.
    /// What decides whether a page is made again compares with this.
    @inlinable
    public func hasSameBytes(as other: String) -> Bool {
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

extension Array where Element == String {
    /// Whether the two lists hold the same texts, byte for byte (`String.hasSameBytes(as:)`).
    @inlinable
    public func haveSameBytes(as other: [String]) -> Bool {
        count == other.count && indices.allSatisfy { self[$0].hasSameBytes(as: other[$0]) }
    }
}
