/// `changes:`: the feed of what each build changed in the data (docs/site-yml.md, "The feed of changes").
public struct ChangesSpec: Sendable, Hashable {
    /// The entries the feed keeps, the newest first: a build that adds one past these drops the oldest.
    public var limit: Int
    /// The changes an entry names, in the order the data has them; the rest it counts ("and 12 more").
    public var perEntry: Int

    public static let defaultLimit = 50
    public static let defaultPerEntry = 100

    public init(limit: Int = Self.defaultLimit, perEntry: Int = Self.defaultPerEntry) {
        self.limit = limit
        self.perEntry = perEntry
    }
}
