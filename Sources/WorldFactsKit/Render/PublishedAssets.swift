import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// The theme's assets as the site publishes them: the stylesheet and the search script that every page
/// names (`{{stylesheet}}`, `{{script}}`) under names that carry a hash of their bytes (`HashedName`), so a
/// host may cache them for good and a page names a new one when they change; any other file under its
/// own name, as a stylesheet may name it (`url(…)`). The search script is published without its comment
/// lines (`ScriptComments`). The installable site's two scripts (`offline:`) are published only on a site
/// that has one: the page's, `offline.js`, under a hashed name; the service worker's, `offline-worker.js`,
/// never under `assets/`, since a worker serves only the folder it is in: the build writes it at the
/// site's root as `sw.js` (`OfflineApp`).
public struct PublishedAssets: Sendable {
    /// The assets published under hashed names, by their name in `assets/`.
    public static let hashed = ["style.css", "search.js", offlineScript, worldOutline]
    /// The locator maps' world outline (`WorldMap`), published only by a site with a map.
    public static let worldOutline = "world.svg"
    /// The page's script of an installable site, and its service worker's.
    public static let offlineScript = "offline.js"
    public static let workerScript = "offline-worker.js"
    /// By name in `assets/`: the published path from the site's root.
    public let paths: [String: String]
    /// The region codes of the world outline a site with a map publishes; none on a site without one.
    public let outline: WorldOutline

    public init(theme: Theme? = nil, offline: Bool = false, maps: Bool = false) {
        var paths: [String: String] = [:]
        let unpublished =
            (offline ? [Self.workerScript] : [Self.offlineScript, Self.workerScript])
            + (maps ? [] : [Self.worldOutline])
        for (name, source) in theme?.assets ?? [:] where !unpublished.contains(name) {
            let bytes = Self.published(name, source)
            let published =
                Self.hashed.contains(name) ? HashedName.tagged(name, tag: HashedName.tag(BulkHash.of(bytes))) : name
            paths[name] = Self.folder + published
        }
        self.paths = paths
        outline = maps ? WorldOutline(theme: theme) : WorldOutline(svg: [])
    }

    public static let folder = "assets/"

    /// The stylesheet's path from the root.
    public var stylesheet: String { path(of: "style.css") }
    /// The search script's path from the root.
    public var script: String { path(of: "search.js") }
    /// The world outline's path from the root.
    public var worldOutline: String { path(of: Self.worldOutline) }
    /// The installable site's page script, from the root; nil on a site that is not one.
    public var offlineScript: String? { paths[Self.offlineScript] }

    func path(of name: String) -> String { paths[name] ?? Self.folder + name }

    /// The paths that carry a hash, in order: they may be cached for good (`HostHeaders`).
    public var hashedPaths: [String] { Self.hashed.compactMap { paths[$0] } }

    /// The files, each at its published path.
    func files(of theme: Theme) -> [OutputFile] {
        theme.assets.filter { paths[$0.key] != nil }.sorted(by: { $0.key < $1.key }).map {
            OutputFile(path: path(of: $0.key), bytes: Self.published($0.key, $0.value))
        }
    }

    /// An asset's bytes as published.
    public static func published(_ name: String, _ bytes: [UInt8]) -> [UInt8] {
        ["search.js", offlineScript, workerScript].contains(name) ? ScriptComments.stripped(bytes) : bytes
    }

    /// What every page's fingerprint adds: the hashed names, which pages name.
    var fingerprint: String { hashedPaths.joined(separator: "\n") }
}
