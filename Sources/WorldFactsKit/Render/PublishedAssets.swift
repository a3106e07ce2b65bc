import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The theme's assets as the site publishes them: the stylesheet and the search script that every page
/// names (`{{stylesheet}}`, `{{script}}`) under names that carry a hash of their bytes (`HashedName`), so a
/// host may cache them for good and a page names a new one when they change; any other file under its
/// own name, as a stylesheet may name it (`url(…)`). The search script is published without its comment
/// lines (`ScriptComments`).
public struct PublishedAssets: Sendable {
    /// The assets published under hashed names, by their name in `assets/`.
    public static let hashed = ["style.css", "search.js"]
    /// By name in `assets/`: the published path from the site's root.
    public let paths: [String: String]

    public init(theme: Theme? = nil) {
        var paths: [String: String] = [:]
        for (name, source) in theme?.assets ?? [:] {
            let bytes = Self.published(name, source)
            let published =
                Self.hashed.contains(name) ? HashedName.tagged(name, tag: HashedName.tag(BulkHash.of(bytes))) : name
            paths[name] = Self.folder + published
        }
        self.paths = paths
    }

    public static let folder = "assets/"

    /// The stylesheet's path from the root.
    public var stylesheet: String { path(of: "style.css") }
    /// The search script's path from the root.
    public var script: String { path(of: "search.js") }

    func path(of name: String) -> String { paths[name] ?? Self.folder + name }

    /// The paths that carry a hash, in order: they may be cached for good (`HostHeaders`).
    public var hashedPaths: [String] { Self.hashed.compactMap { paths[$0] } }

    /// The files, each at its published path.
    func files(of theme: Theme) -> [OutputFile] {
        theme.assets.sorted(by: { $0.key < $1.key }).map {
            OutputFile(path: path(of: $0.key), bytes: Self.published($0.key, $0.value))
        }
    }

    /// An asset's bytes as published.
    static func published(_ name: String, _ bytes: [UInt8]) -> [UInt8] {
        name == "search.js" ? ScriptComments.stripped(bytes) : bytes
    }

    /// What every page's fingerprint adds: the hashed names, which pages name.
    var fingerprint: String { hashedPaths.joined(separator: "\n") }
}
