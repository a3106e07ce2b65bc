/// A bar chart drawn when the pages are built (`charts:` of a collection, `chart:` of a group): the records
/// of a list of a record page, or of a group's value, by a number field, the largest first. Records with no
/// value, or a negative one, have no bar.
public struct ChartSpec: Sendable {
    /// For a record page's chart: the list (`CollectionSpec.lists`) whose records are its bars. Nil for a
    /// group's, whose bars are the value's records.
    public var list: Int?
    /// The integer or decimal field of the bars' records (of the list's collection, or the group's).
    public var value: Int
    /// The most bars a chart shows.
    public var limit: Int

    /// Ten bars unless it says: a chart the height of a screen.
    public static let defaultLimit = 10
    /// The most bars a chart may have: one is a line of the page and of its table.
    public static let maximumLimit = 50

    public init(list: Int? = nil, value: Int, limit: Int = defaultLimit) {
        self.list = list
        self.value = value
        self.limit = limit
    }
}
