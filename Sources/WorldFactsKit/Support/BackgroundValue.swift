import Dispatch
import Foundation

/// A value computed on another thread while the caller does other work, and waited for where it is
/// needed: the last build's manifest while the content loads, the search index while pages render.
public final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    /// Written once, by the work, before `done` leaves the group; read only after waiting on it.
    private var value: Value?
    private let done = DispatchGroup()

    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) { self.value = work() }
    }

    /// The work on a thread of its own, not one of libdispatch's, whose pool is as wide as the machine has
    /// cores: two values wanted at once while the caller's parallel work holds the pool would otherwise
    /// run one after the other.
    public static func onOwnThread(_ work: @escaping @Sendable () -> Value) -> BackgroundValue {
        BackgroundValue(thread: work)
    }

    private init(thread work: @escaping @Sendable () -> Value) {
        done.enter()
        let thread = Thread { [self] in
            value = work()
            done.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the work to finish, then gives its value.
    public func wait() -> Value {
        done.wait()
        return value!
    }

    /// Waits for the work to finish, then gives its value away: it is no longer kept here, so a large
    /// buffer in it can grow without being copied first. `wait` must not be called after.
    public func take() -> Value {
        done.wait()
        return value.take()!
    }
}
