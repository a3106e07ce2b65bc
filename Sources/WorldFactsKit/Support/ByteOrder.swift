import Foundation

/// The order of byte strings: byte by byte, a shorter string before a longer one it starts.
public enum ByteOrder {
    /// Negative, zero or positive, in one pass (`memcmp` over the common length).
    @inlinable
    public static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        // SAFETY: both buffers live for the call, and `memcmp` reads the length both have.
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let common = min(a.count, b.count)
                if common > 0 {
                    let order = memcmp(a.baseAddress!, b.baseAddress!, common)
                    if order != 0 { return Int(order) }
                }
                return a.count - b.count
            }
        }
    }
}
