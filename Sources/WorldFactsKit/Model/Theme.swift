import WorldFactsSupport

/// The templates and assets a site is built with, as read (`ThemeLoader`): Mustache template texts by name
/// and asset files, each from the site's templates folder or the built-in set.
public struct Theme: Sendable {
    /// The site's own templates folder, or the built-in set's name (`built-in templates`) when it has none.
    public var folder: String
    /// Template name (file name without `.mustache`) → text.
    public var templates: [String: String]
    /// Path relative to `assets/` → bytes.
    public var assets: [String: [UInt8]]
    /// Template name → the folder it was read from (the site's own, or `builtInLocation`), for messages.
    public var sources: [String: String]

    /// Where a built-in file is said to be, in messages: `built-in templates/record.mustache`.
    public static let builtInLocation = "built-in templates"

    /// Whether a template is the built-in one, not the site's own.
    public func isBuiltIn(_ template: String) -> Bool { (sources[template] ?? folder) == Self.builtInLocation }

    public init(
        folder: String, templates: [String: String], assets: [String: [UInt8]], sources: [String: String] = [:]
    ) {
        self.folder = folder
        self.templates = templates
        self.assets = assets
        self.sources = sources
    }

    /// The file a template was read from, as messages name it: `Templates/record.mustache`, or
    /// `built-in templates/record.mustache`. A template not read yet is named in the site's own folder.
    public func path(of template: String) -> String {
        joinPath(sources[template] ?? folder, template + ".mustache")
    }
}
