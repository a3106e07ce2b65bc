/// A row of the index, shared by the index page and the search results.
public struct IndexRow: Sendable, Hashable {
    public var title: String
    /// Relative to the output root.
    public var path: String
    public var subtitle: String?
    public var detail: String?
    /// The language of the row's page when it is not the page's that lists it: a record of a collection
    /// with pages in the default language only, listed in another (`CollectionSpec.hasPages`).
    public var hreflang: String?

    public init(title: String, path: String, subtitle: String? = nil, detail: String? = nil) {
        self.title = title
        self.path = path
        self.subtitle = subtitle
        self.detail = detail
    }
}
