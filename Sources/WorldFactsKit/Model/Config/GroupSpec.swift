/// A field whose values group a collection's records (a continent, a time zone): a page per value, a
/// page listing the values, and every record's value linked to its page.
public struct GroupSpec: Sendable {
    /// The grouping field, by position in the collection's fields: a text field.
    public var field: Int
    /// The output folder of the group pages.
    public var pagesFolder: String
    /// The overview page's title (`Continents`).
    public var label: String
    /// The schema.org type of a group page's JSON-LD (`Continent`), with a base URL.
    public var structuredDataType: String?

    public init(field: Int, pagesFolder: String, label: String) {
        self.field = field
        self.pagesFolder = pagesFolder
        self.label = label
    }
}
