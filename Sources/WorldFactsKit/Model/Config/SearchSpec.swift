public struct SearchSpec: Sendable {
    public var scopes: [SearchScope]
    /// A shard larger than this many bytes (before compression) is split by the next character.
    public var shardBudget: Int
    /// How many results a split prefix previews.
    public var previewSize: Int
    /// The most results the list shows, best first, before "and N more" with the exact count of the rest.
    public var resultsLimit = defaultResultsLimit
    /// The most characters (Unicode scalars) a title or a searched value may have: every shard that
    /// holds a record carries them, and a record is in a shard for each of its word starts.
    public var maxLength: Int
    /// When a query runs: at each keystroke, or when the reader submits it.
    public var mode = SearchMode.asYouType

    public static let defaultMaxLength = 1_000
    public static let defaultResultsLimit = 50

    public init(scopes: [SearchScope], shardBudget: Int, previewSize: Int, maxLength: Int = defaultMaxLength) {
        self.scopes = scopes
        self.shardBudget = shardBudget
        self.previewSize = previewSize
        self.maxLength = maxLength
    }
}

/// When the search box runs a query (`search.mode`).
public enum SearchMode: String, Sendable, CaseIterable {
    /// At every keystroke.
    case asYouType = "as_you_type"
    /// When the reader presses Enter or the search button; until then, typing dims the results below.
    /// It suits large scopes on slow devices.
    case onSubmit = "on_submit"
}
