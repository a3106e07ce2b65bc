import ServiceLifecycle

/// Sends a heartbeat to every live-reload connection at a fixed interval, as a service of the server's
/// service group (see `ReloadBroadcaster`).
struct ReloadHeartbeat: Service {
    let broadcaster: ReloadBroadcaster
    var interval: Duration = .seconds(1)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                await broadcaster.heartbeat()
            }
        }
    }
}
