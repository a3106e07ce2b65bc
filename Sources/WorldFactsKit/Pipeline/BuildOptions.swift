import WorldFactsSupport

/// Where a build reads and writes.
public struct BuildOptions: Sendable {
    public var content: String
    /// `--templates`: the site's own templates folder, over the built-in set; nil for the one in the content
    /// folder (`templatesFolder`).
    public var templates: String?
    public var output: String
    /// Write into a non-empty folder that no worldfacts build made.
    public var force: Bool
    /// Remove everything the manifest lists first, then build from nothing.
    public var clean: Bool
    /// Follow symbolic links that lead outside the content and templates folders (with a warning each)
    /// instead of refusing them.
    public var followSymlinks: Bool
    /// Wait for a build that holds the output folder's lock (`--no-wait`: fail at once instead).
    public var waitForLock: Bool
    /// The folder that keeps each output folder's build snapshot (`BuildSnapshot`), from which the next
    /// build from the command line into the same folder starts; nil for none.
    public var cache: String?
    /// `--base-url`: where the site is published, over site.yml's `url` (checked by the build).
    public var baseURL: String?
    /// `--max-files`: the most files the output may hold, over site.yml's `max_files`.
    public var maxFiles: Int?

    public init(
        content: String = "Content", templates: String? = nil, output: String = "Output",
        force: Bool = false, clean: Bool = false, followSymlinks: Bool = false, waitForLock: Bool = true,
        cache: String? = nil, baseURL: String? = nil, maxFiles: Int? = nil
    ) {
        self.maxFiles = maxFiles
        self.baseURL = baseURL
        self.content = content
        self.templates = templates
        self.output = output
        self.force = force
        self.clean = clean
        self.followSymlinks = followSymlinks
        self.waitForLock = waitForLock
        self.cache = cache
    }

    /// The templates folder the build reads over the built-in set (`ThemeLoader`): `--templates` when
    /// given, else the content folder's `templates/` when it has one; nil for the built-in set alone.
    public func templatesFolder(_ fileSystem: FileSystem) -> String? {
        if let templates { return templates }
        let inContent = joinPath(content, Self.contentTemplates)
        return fileSystem.isDirectory(inContent) ? inContent : nil
    }

    /// The templates folder a content folder may hold.
    public static let contentTemplates = "templates"
}
