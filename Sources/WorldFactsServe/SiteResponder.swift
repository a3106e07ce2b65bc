import Foundation
import Hummingbird

/// Answers the preview server's requests: files of the output folder (HTML with the reload snippet),
/// the reload events, 403 for paths that lead out, and the site's 404 page for missing files.
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
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "403 Forbidden\n")))
        case .notFound:
            if case .file(let page) = site.lookup("/404.html") {
                return file(page, status: .notFound, head: request.method == .head, base: true)
            }
            return Response(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
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
        return Response(
            status: status, headers: headers, body: head ? .init() : .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    func events() async -> Response {
        let stream = await broadcaster.subscribe()
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: .init { writer in
                try await writer.write(ByteBuffer(string: ": connected\n\n"))
                for await event in stream {
                    switch event {
                    case .reload: try await writer.write(ByteBuffer(string: "data: reload\n\n"))
                    case .heartbeat: try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                    }
                }
                try await writer.finish(nil)
            })
    }
}
