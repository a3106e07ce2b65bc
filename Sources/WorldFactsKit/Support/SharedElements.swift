/// An array's elements read where they are by every core at once, during `withSharedElements`. A
/// parallel loop that captures the array itself retains and releases it on every use, from every core
/// at once (they contend for its count); one that reads through this touches no count.
///
/// SAFETY: made only by `withSharedElements`, which keeps the array alive and unchanged for the call;
/// it must not outlive that call. Every core only reads, and a read is checked against the count in
/// debug builds (`UnsafeBufferPointer`'s subscript).
public struct SharedElements<Element: Sendable>: @unchecked Sendable, RandomAccessCollection {
    @usableFromInline let buffer: UnsafeBufferPointer<Element>

    @inlinable init(_ buffer: UnsafeBufferPointer<Element>) { self.buffer = buffer }

    /// Where the elements start; nil for no elements.
    @inlinable public var baseAddress: UnsafePointer<Element>? { buffer.baseAddress }
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { buffer.count }
    /// The element where it is: reading a part of it copies that part only.
    @inlinable public subscript(position: Int) -> Element {
        unsafeAddress { buffer.baseAddress! + position }
    }
}

extension Array where Element: Sendable {
    /// Calls `body` with the elements where they are; they must not outlive the call.
    @inlinable
    public func withSharedElements<Result>(_ body: (SharedElements<Element>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(SharedElements($0)) }
    }
}
