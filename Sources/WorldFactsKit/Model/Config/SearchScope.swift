public struct SearchScope: Sendable {
    public var id: String
    public var label: String
    /// The collection searched, by position in `SiteConfig.collections`; nil searches every collection
    /// (the "All" scope), each record by the fields of every scope of its collection.
    public var collection: Int?
    /// Fields of `collection`.
    public var fields: [SiteConfig.FieldRef]
    /// A full-text scope (`note: true`): it searches each record's Markdown note as plain text too, word by
    /// word, and its results show a snippet of the note. It has an index of its own (`TextScopeIndex`) and
    /// is never part of the "All" scope.
    public var note: Bool
    /// The filters the scope offers: groups of its collection, by position in its `groups`. A result
    /// shows when it has a checked value of each filter with one checked (`ScopeFilters`).
    public var filters: [Int]

    public init(
        id: String, label: String, collection: Int?, fields: [SiteConfig.FieldRef], note: Bool = false,
        filters: [Int] = []
    ) {
        self.id = id
        self.label = label
        self.collection = collection
        self.fields = fields
        self.note = note
        self.filters = filters
    }

    /// Whether the "All" scope merges this one: a scope of one collection's fields, not the "All" scope
    /// itself nor a full-text scope.
    public var isMember: Bool { collection != nil && !note }
}
