public struct SearchSpec: Sendable {
    public var scopes: [SearchScope]
    /// A shard larger than this many bytes (before compression) is split by the next character.
    public var shardBudget: Int
    /// How many results a split prefix previews.
    public var previewSize: Int
    /// The most characters (Unicode scalars) a title or a searched value may have: every shard that
    /// holds a record carries them, and a record is in a shard for each of its word starts.
    public var maxLength: Int
    /// Each shard has a script twin (`.js`), which pages opened from disk (`file://`) load, as they
    /// cannot fetch; a site served only over HTTP can leave them out, halving the search's files.
    public var scriptTwins = true

    public static let defaultMaxLength = 1_000

    public init(scopes: [SearchScope], shardBudget: Int, previewSize: Int, maxLength: Int = defaultMaxLength) {
        self.scopes = scopes
        self.shardBudget = shardBudget
        self.previewSize = previewSize
        self.maxLength = maxLength
    }
}
