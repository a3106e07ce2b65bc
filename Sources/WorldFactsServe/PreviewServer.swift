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
            services: [watch],
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

/// The rebuild loop as a service of the server's service group, so Ctrl-C stops both.
struct RebuildService: Service {
    let rebuilder: Rebuilder
    let broadcaster: ReloadBroadcaster

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            await rebuilder.watch { await broadcaster.send() }
        }
    }
}

struct SiteResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let site: StaticSite
    let broadcaster: ReloadBroadcaster

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        if request.uri.path == ReloadSnippet.eventsPath { return await events() }
        switch site.lookup(request.uri.path) {
        case .file(let path):
            return file(path, status: .ok, head: request.method == .head)
        case .forbidden:
            return Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: "403 Forbidden\n")))
        case .notFound:
            if case .file(let page) = site.lookup("/404.html") {
                return file(page, status: .notFound, head: request.method == .head, base: true)
            }
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: "404 Not Found\n")))
        }
    }

    func file(_ path: String, status: HTTPResponse.Status, head: Bool, base: Bool = false) -> Response {
        guard var data = FileManager.default.contents(atPath: path) else {
            return Response(status: .notFound)
        }
        let type = StaticSite.contentType(of: path)
        if type.hasPrefix("text/html") {
            data = Data(ReloadSnippet.inject(into: String(decoding: data, as: UTF8.self), base: base).utf8)
        }
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-cache"]
        headers[.contentLength] = String(data.count)
        return Response(status: status, headers: headers, body: head ? .init() : .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    func events() async -> Response {
        let stream = await broadcaster.subscribe()
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: .init { writer in
                try await writer.write(ByteBuffer(string: ": connected\n\n"))
                for await _ in stream {
                    try await writer.write(ByteBuffer(string: "data: reload\n\n"))
                }
                try await writer.finish(nil)
            })
    }
}
