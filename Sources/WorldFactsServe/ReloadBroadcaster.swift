/// Tells every open page to reload: each server-sent-event connection subscribes, each good rebuild
/// sends `reload`. A `heartbeat` goes to every connection every second (`ReloadHeartbeat`): writing is
/// how the server learns that a client has gone, so a page that closed without a word does not keep its
/// connection open until the next rebuild.
public actor ReloadBroadcaster {
    public enum Event: Sendable { case reload, heartbeat }

    private var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
    private var next = 0

    public init() {}

    public func subscribe() -> AsyncStream<Event> {
        // A reload waiting behind a few heartbeats is still delivered.
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let id = next
        next += 1
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        return stream
    }

    private func remove(_ id: Int) { subscribers[id] = nil }

    public var count: Int { subscribers.count }

    public func send() {
        for continuation in subscribers.values { continuation.yield(.reload) }
    }

    public func heartbeat() {
        for continuation in subscribers.values { continuation.yield(.heartbeat) }
    }
}
