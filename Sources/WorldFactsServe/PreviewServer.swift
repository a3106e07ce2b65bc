import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import WorldFactsPipeline
import WorldFactsSupport
import WorldFactsWatch

/// `worldfacts serve`: the rebuild loop plus a local HTTP server on 127.0.0.1 serving the output
/// folder, built on Hummingbird. HTML gets a live-reload snippet; the reload channel is server-sent
/// events at `/__worldfacts/events`. Missing files get the site's 404 page.
public struct PreviewServer: Sendable {
    public var rebuilder: Rebuilder
    public var port: Int
    public var host: String

    public init(rebuilder: Rebuilder, host: String = "127.0.0.1", port: Int) {
        self.rebuilder = rebuilder
        self.host = host
        self.port = port
    }

    public func run() async throws {
        let broadcaster = ReloadBroadcaster()
        // The folder must exist before it can be resolved and served; the first build fills it.
        try FileManager.default.createDirectory(atPath: rebuilder.options.output, withIntermediateDirectories: true)
        let site = StaticSite(root: rebuilder.options.output)
        let responder = SiteResponder(site: site, broadcaster: broadcaster)
        let watch = RebuildService(rebuilder: rebuilder, broadcaster: broadcaster)
        let print = rebuilder.print
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(host, port: port), serverName: "worldfacts"),
            services: [watch, ReloadHeartbeat(broadcaster: broadcaster)],
            onServerRunning: { channel in
                print("Serving \(site.root) at http://\(host):\(channel.localAddress?.port ?? port)/ (Ctrl-C stops)")
            },
            logger: {
                var logger = Logger(label: "worldfacts.serve")
                logger.logLevel = .warning
                return logger
            }()
        )
        try await app.runService()
    }
}
