public struct SearchScope: Sendable {
    public var id: String
    public var label: String
    /// The collection searched, by position in `SiteConfig.collections`; nil searches every collection
    /// (the "All" scope), each record by the fields of every scope of its collection.
    public var collection: Int?
    /// Fields of `collection`.
    public var fields: [SiteConfig.FieldRef]

    public init(id: String, label: String, collection: Int?, fields: [SiteConfig.FieldRef]) {
        self.id = id
        self.label = label
        self.collection = collection
        self.fields = fields
    }
}
