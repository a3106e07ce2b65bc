/// `offline:`: the site installs as a web app, with a manifest and a service worker that keeps a bounded
/// shell at install, keeps pages and search shards as they are visited, and, on a site small enough,
/// offers to save the whole site (docs/site-yml.md, "An installable site").
public struct OfflineSpec: Sendable, Hashable {
    /// The most the shell the worker fetches at install may weigh, in bytes: the assets, then each
    /// language's home, search entry and collection indexes, as long as they fit.
    public var shellBytes: Int
    /// The most the whole site may weigh for its pages to offer "Save for offline"; 0: never offered.
    public var saveBytes: Int
    /// The app's icon (`icon:`): its path in the content folder, and its bytes once the load has checked
    /// them (a square PNG of at least `iconMinimum` pixels), published as `icon-<size>.png`.
    public var icon: String?
    public var iconBytes: [UInt8]?
    public var iconSize = 0

    /// The smallest icon an installable app may have: Chromium asks for 144 pixels, and shows 192 and 512.
    public static let iconMinimum = 144

    /// The files an installable site adds at its root (`OfflineApp`).
    public static let manifestPath = "manifest.webmanifest"
    public static let workerPath = "sw.js"
    public static let listPath = "offline-files.json"

    public static let defaultShellKB = 2_048
    public static let defaultSaveKB = 51_200

    public init(
        shellBytes: Int = Self.defaultShellKB * 1_024, saveBytes: Int = Self.defaultSaveKB * 1_024, icon: String? = nil
    ) {
        self.shellBytes = shellBytes
        self.saveBytes = saveBytes
        self.icon = icon
    }

    /// The icon's published path.
    public var iconPath: String? { iconBytes == nil ? nil : "icon-\(iconSize).png" }
}
