public enum FieldFormat: String, Sendable, CaseIterable {
    case text, integer, decimal, list, link, links

    /// True for the formats whose value is a list of texts.
    public var isList: Bool { self == .list || self == .links }

    /// True for the formats that name records of a collection.
    public var isLink: Bool { self == .link || self == .links }
}
