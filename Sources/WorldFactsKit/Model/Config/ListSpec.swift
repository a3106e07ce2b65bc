/// A reverse relation shown on a record page: the records of another collection whose link field
/// names this record (a country's largest cities), sorted, the first `limit` of them, with a page of
/// all of them when there are more.
public struct ListSpec: Sendable {
    /// The list's name: its complete pages go to `<pages>/<id>/<slug>.html`.
    public var id: String
    public var label: String
    /// The collection the listed records are in, by position in `SiteConfig.collections`.
    public var source: Int
    /// The field of the source collection that links to this collection.
    public var via: Int
    /// What the list is sorted by; nil keeps the source's index order.
    public var sort: SiteConfig.FieldRef?
    public var descending: Bool
    public var limit: Int

    public init(
        id: String, label: String, source: Int, via: Int, sort: SiteConfig.FieldRef?, descending: Bool, limit: Int
    ) {
        self.id = id
        self.label = label
        self.source = source
        self.via = via
        self.sort = sort
        self.descending = descending
        self.limit = limit
    }
}
