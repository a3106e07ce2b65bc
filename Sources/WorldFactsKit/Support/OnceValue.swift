import Synchronization

/// A value made the first time it is asked for, then kept: the copies of a struct that holds one share
/// it, so a value derived from the struct's other fields is made once however often the struct is copied.
/// The holder must replace it whenever what it was made from changes (`Site.config`).
public final class OnceValue<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    public init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// The value, made on the first call; callers at once wait for the one that makes it.
    public var value: Value {
        made.withLock { made in
            if let value = made { return value }
            let value = make()
            made = value
            return value
        }
    }
}
