/// A collection's locator map (`map:`), drawn on each record page over the built-in world outline: the
/// record's place marked, with an inset zoomed in on it; its country highlighted; the records of one of its
/// lists as dots.
public struct MapSpec: Sendable {
    /// The coordinates field whose place the map marks.
    public var coordinates: Int?
    /// The key or field of ISO 3166-1 alpha-2 codes whose country the map highlights.
    public var region: SiteConfig.FieldRef?
    /// The list (`CollectionSpec.lists`) whose first `limit` records are dots, and the coordinates field of
    /// its records' collection that places them.
    public var dots: Int?
    public var dotsField: Int?
    public var limit: Int

    /// The most dots a map shows unless it says: a country's twelve largest cities add about 0.6 KB.
    public static let defaultLimit = 12

    public init(limit: Int = defaultLimit) { self.limit = limit }
}
