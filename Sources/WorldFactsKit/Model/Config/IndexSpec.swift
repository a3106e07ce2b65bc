public struct IndexSpec: Sendable {
    /// Field shown under the title in an index row (the capital).
    public var subtitle: SiteConfig.FieldRef?
    /// Field shown with `detailLabel` in an index row (the population).
    public var detail: SiteConfig.FieldRef?
    public var detailLabel: String
    /// Above this many records the index becomes one page per section (`sections/<letter>.html`).
    public var splitAbove: Int
    /// In a split index, a section of more records than this is cut into parts, a page each.
    public var sectionSize: Int
    /// What the index is ordered by (`index.sort`); nil for the title, in the locale's collation. Its
    /// previous and next links and its downloads follow the same order.
    public var sort: SiteConfig.FieldRef?
    public var descending = false
    /// The sections of an index sorted by a number, by their upper bounds; empty for one section.
    public var ranges: [IndexRange] = []

    /// True when the index is the title's order, the collation's sections: no field decides it.
    public var isByTitle: Bool { (sort == nil || sort == .title) && !descending }

    public init(
        subtitle: SiteConfig.FieldRef? = nil, detail: SiteConfig.FieldRef? = nil, detailLabel: String, splitAbove: Int,
        sectionSize: Int = 2_000
    ) {
        self.subtitle = subtitle
        self.detail = detail
        self.detailLabel = detailLabel
        self.splitAbove = splitAbove
        self.sectionSize = sectionSize
    }
}

/// A section of an index sorted by a number (`index.sections`): the values up to `upTo`, and above
/// the section before; the last has no bound and takes the rest.
public struct IndexRange: Sendable, Hashable {
    public var label: String
    public var upTo: Double?

    public init(label: String, upTo: Double?) {
        self.label = label
        self.upTo = upTo
    }
}
