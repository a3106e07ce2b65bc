/// A symbolic link below a folder: where it is, what it says, and the real path it leads to.
public struct SymbolicLink: Sendable, Equatable {
    /// Relative to the folder that was listed.
    public var path: String
    /// The link's text, as `readlink` gives it.
    public var destination: String
    /// The absolute path it leads to with every link resolved; nil when it leads nowhere.
    public var resolved: String?

    public init(path: String, destination: String, resolved: String?) {
        self.path = path
        self.destination = destination
        self.resolved = resolved
    }
}
