import ServiceLifecycle
import WorldFactsWatch

/// The rebuild loop as a service of the server's service group, so Ctrl-C stops both.
struct RebuildService: Service {
    let rebuilder: Rebuilder
    let broadcaster: ReloadBroadcaster

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await rebuilder.watch { await broadcaster.send() }
        }
    }
}
