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
