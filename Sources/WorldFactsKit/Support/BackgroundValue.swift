import Dispatch

/// A value computed on another thread while the caller does other work, and waited for where it is
/// needed: the last build's manifest while the content loads, the search index while pages render.
public final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    /// Written once, by the work, before `done` leaves the group; read only after waiting on it.
    private var value: Value?
    private let done = DispatchGroup()

    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) { self.value = work() }
    }

    /// Waits for the work to finish, then gives its value.
    public func wait() -> Value {
        done.wait()
        return value!
    }
}
