import Dispatch

/// Work spread over every core.
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

    /// `[body(0..<chunk), body(chunk..<2 * chunk), …]` up to `count`, computed on every core: work on many
    /// small items, a chunk of them per task.
    @inlinable
    public static func map<Value>(_ count: Int, chunk: Int, _ body: @Sendable (Range<Int>) -> Value) -> [Value] {
        map((count + chunk - 1) / chunk) { number in body(number * chunk..<min(count, (number + 1) * chunk)) }
    }

    /// The start of the array being filled, handed to the workers: each writes its own place only.
    @usableFromInline
    struct Places<Value>: @unchecked Sendable {
        @usableFromInline let base: UnsafeMutablePointer<Value>
        @usableFromInline init(base: UnsafeMutablePointer<Value>) { self.base = base }
    }
}
