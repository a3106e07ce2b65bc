import Dispatch

/// Fixed slots that parallel workers fill, each its own index; the buffer is allocated once, so no
/// worker ever touches shared array storage.
final class Slots<Value>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Value?>
    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }
    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
    func set(_ index: Int, _ value: Value) { buffer[index] = value }
    /// All values, copied out: read it once, not per element.
    var values: [Value] { buffer.map { $0! } }

    /// `[body(0), body(1), …]`, computed on every core.
    static func concurrentMap(_ count: Int, _ body: @Sendable (Int) -> Value) -> [Value] {
        let slots = Slots(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { slots.set($0, body($0)) }
        return slots.values
    }
}
