/// `offline:`: the site installs as a web app, with a manifest and a service worker that keeps a bounded
/// shell at install, keeps pages and search shards as they are visited, and, on a site small enough,
/// offers to save the whole site (docs/site-yml.md, "An installable site").
public struct OfflineSpec: Sendable, Hashable {
    /// The most the shell the worker fetches at install may weigh, in bytes: the assets, then each
    /// language's home, search entry and collection indexes, as long as they fit.
    public var shellBytes: Int
    /// The most the whole site may weigh for its pages to offer "Save for offline"; 0: never offered.
    public var saveBytes: Int

    /// The files an installable site adds at its root (`OfflineApp`).
    public static let manifestPath = "manifest.webmanifest"
    public static let workerPath = "sw.js"
    public static let listPath = "offline-files.json"

    public static let defaultShellKB = 2_048
    public static let defaultSaveKB = 51_200

    public init(shellBytes: Int = Self.defaultShellKB * 1_024, saveBytes: Int = Self.defaultSaveKB * 1_024) {
        self.shellBytes = shellBytes
        self.saveBytes = saveBytes
    }
}
