import Foundation

/// Finds the file a request path names inside the output folder, and never one outside it: `..` in
/// any spelling (`%2e%2e`, `%2f`, backslashes), NUL bytes, hidden files and symbolic links that lead out
/// are all refused. Pure apart from reading the file system.
public struct StaticSite: Sendable {
    public enum Lookup: Equatable, Sendable {
        case file(String)
        case notFound
        case forbidden
    }

    public let root: String

    public init(root: String) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
    }

    public func lookup(_ rawPath: String) -> Lookup {
        let pathOnly =
            rawPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard let decoded = pathOnly.removingPercentEncoding, !decoded.contains("\0"), !decoded.contains("\\") else {
            return .forbidden
        }
        var parts: [Substring] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." || part.hasPrefix(".") { return .forbidden }
            parts.append(part)
        }
        var candidate = ([root] + parts.map(String.init)).joined(separator: "/")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
            candidate += "/index.html"
        }
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue
        else {
            return .notFound
        }
        let real = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        guard real.hasPrefix(root + "/") else { return .forbidden }
        return .file(real)
    }

    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "json": "application/json", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8",
        "xml": "application/xml", "woff2": "font/woff2", "woff": "font/woff", "pdf": "application/pdf",
    ]

    public static func contentType(of path: String) -> String {
        contentTypes[(path as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
    }
}
