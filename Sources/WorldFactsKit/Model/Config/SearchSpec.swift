public struct SearchSpec: Sendable {
    public var scopes: [SearchScope]
    /// A shard larger than this many bytes (before compression) is split by the next character.
    public var shardBudget: Int
    /// How many results a split prefix previews.
    public var previewSize: Int

    public init(scopes: [SearchScope], shardBudget: Int, previewSize: Int) {
        self.scopes = scopes
        self.shardBudget = shardBudget
        self.previewSize = previewSize
    }
}
