import Synchronization

/// A copy of a large value that is its own, made on a thread of its own once a `watch` build is done, while
/// it waits for the next edit: the next build changes the copy in place, where changing the value itself
/// copies it first, on the edit's longest path (the value is shared: the live model keeps it for a build
/// that fails). Taken once; a build that finds none made copies as it did before.
///
/// SAFETY: `make(copying:)` copies an array through its buffer, valid for the call, into new storage.
public final class PreparedCopy<Value: Sendable>: Sendable {
    private let making = Mutex<BackgroundValue<Value>?>(nil)

    public init() {}

    /// Starts making the copy, dropping any copy not yet taken.
    public func make(_ copy: @escaping @Sendable () -> Value) {
        let made = BackgroundValue.onOwnThread(copy)
        making.withLock { $0 = made }
    }

    /// The copy, waited for if it is still being made; nil when none was made or it was taken.
    public func take() -> Value? {
        making.withLock { $0.take() }?.take()
    }
}

extension PreparedCopy {
    /// Starts copying `array` into storage of its own.
    public func make<Element: Sendable>(copying array: [Element]) where Value == [Element] {
        make { array.withUnsafeBufferPointer { Array($0) } }
    }

    /// The copy, when it is a copy of `shared` (as many elements); else `shared`, which a change then copies.
    public func take<Element>(orShared shared: [Element]) -> [Element] where Value == [Element] {
        take().flatMap { $0.count == shared.count ? $0 : nil } ?? shared
    }
}
