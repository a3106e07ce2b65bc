import Foundation
import WorldFactsSupport
import ZIMBridge

/// `worldfacts pack --zim FILE`: a built site in one ZIM file for Kiwix (openZIM), written through libzim
/// (Debian's libzim-dev, behind the C++ bridge `ZIMBridge`). It holds every file the build published
/// (`PublishedFiles`) at its path, so every relative link and the site's own search work inside Kiwix as
/// they do from disk; each page titled by its `<title>` (the site's name after " — " left out), for
/// libzim's title index, and its text in libzim's full-text index; the redirect pages of records' former
/// keys as ZIM redirections; the language's home page as the main page; and the metadata Kiwix shows
/// (`ZimMetadata`). Every language's pages are in it, so the language switcher's links resolve; the
/// language (`--language`) chooses the main page, the title, the description and the indexes' language.
public struct ZimPack: Sendable {
    public var destination: String
    public var replaces: Bool
    var fileSystem: FileSystem

    public init(destination: String, replaces: Bool = false, fileSystem: FileSystem = .disk) {
        self.destination = destination
        self.replaces = replaces
        self.fileSystem = fileSystem
    }

    /// Packs `files` of `output` with the metadata of `source` on `day` (`YYYY-MM-DD`); gives the bytes
    /// written.
    @discardableResult
    public func write(
        from output: String, files: PublishedFiles, source: ZimSource, language: String?, day: String
    ) throws(StageFailure) -> Int {
        let place = PackDestination(path: destination, replaces: replaces, fileSystem: fileSystem)
        try place.check()
        let illustration = source.spec?.illustration.flatMap { try? fileSystem.read(joinPath(source.content, $0)) }
        let metadata = try ZimMetadata.of(source, language: language, day: day, illustration: illustration)
        let main = source.folder + "index.html"
        guard files.paths.contains(main) else {
            throw StageFailure([
                .error(SourceLocation(file: joinPath(output, main)), "expected the main page; build the site again")
            ])
        }
        let language = metadata.texts.first { $0.name == "Language" }?.value ?? "eng"
        try place.write("ZIM") { partial in
            let writer = try ZimWriter(path: partial, language: language)
            defer { writer.abandon() }
            for (name, value) in metadata.texts { try writer.addMetadata(name, value) }
            try writer.addIllustration(metadata.illustration)
            // A file whose bytes another has already (a language's copy of a shared search shard) is a
            // redirection to it: one copy in the ZIM, and none of zimcheck's "redundant data".
            var firstWithBytes: [BytesKey: String] = [:]
            for path in files.paths {
                let file = joinPath(output, path)
                let bytes = try fileSystem.read(file)
                let entry = ZimEntry.of(path: path, bytes: bytes)
                // Pages are not shared, so only the other files are hashed.
                let key = entry.mime == "text/html" ? nil : BytesKey(hash: BulkHash.of(bytes), count: bytes.count)
                if let target = entry.redirect {
                    try writer.addRedirection(path, title: entry.title, target: target)
                } else if let key, let first = firstWithBytes[key] {
                    try writer.addRedirection(path, title: entry.title, target: first)
                } else {
                    if let key { firstWithBytes[key] = path }
                    try writer.addFile(path, title: entry.title, mime: entry.mime, file: file, front: entry.isFront)
                }
            }
            writer.setMainPath(main)
            try writer.finish()
        }
        return place.size
    }
}

struct BytesKey: Hashable {
    let hash: UInt64
    let count: Int
}

/// How a published file goes into a ZIM: its MIME type, its title, whether it is a front article (a page
/// Kiwix lists and searches: every page but the 404 page and the redirects), and for a redirect page (a
/// meta refresh) the path it leads to.
struct ZimEntry: Equatable {
    var mime: String
    var title: String
    var isFront: Bool
    var redirect: String?

    static let types = [
        "html": "text/html", "css": "text/css", "js": "application/javascript", "json": "application/json",
        "xml": "application/xml", "txt": "text/plain", "csv": "text/csv", "png": "image/png", "svg": "image/svg+xml",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "ico": "image/x-icon",
        "woff2": "font/woff2", "webmanifest": "application/manifest+json",
    ]

    static func of(path: String, bytes: [UInt8]) -> ZimEntry {
        let mime = types[ZipPack.fileExtension(path)] ?? "application/octet-stream"
        guard mime == "text/html" else { return ZimEntry(mime: mime, title: path, isFront: false) }
        let page = String(decoding: bytes, as: UTF8.self)
        var title = PackReadme.title(of: page) ?? path
        // "Iceland — World Facts": the page's own name, as Kiwix lists it among the site's.
        if let separator = title.range(of: " — ", options: .backwards), separator.lowerBound > title.startIndex {
            title = String(title[..<separator.lowerBound])
        }
        if let target = redirectTarget(of: page, at: path) {
            return ZimEntry(mime: mime, title: title, isFront: false, redirect: target)
        }
        return ZimEntry(mime: mime, title: title, isFront: path != "404.html")
    }

    /// The path a redirect page (`<meta http-equiv="refresh" content="0; url=…">`) leads to, from the root.
    static func redirectTarget(of page: String, at path: String) -> String? {
        guard let start = page.firstRange(of: #"<meta http-equiv="refresh" content="0; url="#),
            let end = page[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        let href = String(page[start.upperBound..<end])
        guard !href.contains("://"), !href.hasPrefix("/") else { return nil }
        var parts = path.split(separator: "/").dropLast().map(String.init)
        for part in href.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }
}

/// The one use of libzim (`ZIMBridge`): a ZIM written at a path, entry by entry, then finished or abandoned.
/// Every failure is libzim's message. `finish` and `abandon` each free the writer; the first one called does.
final class ZimWriter {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var handle: OpaquePointer?

    init(path: String, language: String) throws {
        var error = Self.errorBuffer()
        handle = wf_zim_open(path, language, &error, Int32(error.count))
        if handle == nil { throw Failure(description: Self.message(error)) }
    }

    // Each call hands libzim an array for its message (`&error`): arrays only, so that no pointer is spelled
    // outside Support's primitives.
    func addMetadata(_ name: String, _ value: String) throws {
        var error = Self.errorBuffer()
        try check(wf_zim_add_metadata(try open(), name, value, &error, Int32(error.count)), error)
    }

    func addIllustration(_ png: [UInt8]) throws {
        var error = Self.errorBuffer()
        try check(wf_zim_add_illustration(try open(), 48, png, png.count, &error, Int32(error.count)), error)
    }

    func addFile(_ path: String, title: String, mime: String, file: String, front: Bool) throws {
        var error = Self.errorBuffer()
        try check(
            wf_zim_add_file(try open(), path, title, mime, file, front ? 1 : 0, &error, Int32(error.count)), error)
    }

    func addRedirection(_ path: String, title: String, target: String) throws {
        var error = Self.errorBuffer()
        try check(wf_zim_add_redirection(try open(), path, title, target, &error, Int32(error.count)), error)
    }

    func setMainPath(_ path: String) {
        if let handle { wf_zim_set_main_path(handle, path) }
    }

    func finish() throws {
        let handle = try open()
        self.handle = nil
        var error = Self.errorBuffer()
        try check(wf_zim_finish(handle, &error, Int32(error.count)), error)
    }

    func abandon() {
        if let handle { wf_zim_abandon(handle) }
        handle = nil
    }

    private func open() throws -> OpaquePointer {
        guard let handle else { throw Failure(description: "the ZIM is already finished") }
        return handle
    }

    private func check(_ result: Int32, _ error: [CChar]) throws {
        if result != 0 { throw Failure(description: Self.message(error)) }
    }

    private static func errorBuffer() -> [CChar] { [CChar](repeating: 0, count: 1_024) }

    private static func message(_ error: [CChar]) -> String {
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
