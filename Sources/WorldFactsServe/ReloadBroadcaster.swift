/// Tells every open page to reload: each server-sent-event connection subscribes, each good rebuild
/// sends.
public actor ReloadBroadcaster {
    private var subscribers: [Int: AsyncStream<Void>.Continuation] = [:]
    private var next = 0

    public init() {}

    public func subscribe() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = next
        next += 1
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        return stream
    }

    private func remove(_ id: Int) { subscribers[id] = nil }

    public var count: Int { subscribers.count }

    public func send() {
        for continuation in subscribers.values { continuation.yield() }
    }
}
