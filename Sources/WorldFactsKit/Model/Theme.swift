/// The templates folder as read from disk: Mustache template texts by name and asset files.
public struct Theme: Sendable {
    public var folder: String
    /// Template name (file name without `.mustache`) → text.
    public var templates: [String: String]
    /// Path relative to `assets/` → bytes.
    public var assets: [String: [UInt8]]

    public init(folder: String, templates: [String: String], assets: [String: [UInt8]]) {
        self.folder = folder
        self.templates = templates
        self.assets = assets
    }
}
