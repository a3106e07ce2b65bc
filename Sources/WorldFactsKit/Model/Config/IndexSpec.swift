public struct IndexSpec: Sendable {
    /// Field shown under the title in an index row (the capital).
    public var subtitle: SiteConfig.FieldRef?
    /// Field shown with `detailLabel` in an index row (the population).
    public var detail: SiteConfig.FieldRef?
    public var detailLabel: String
    /// Above this many records the index becomes one page per section (`sections/<letter>.html`).
    public var splitAbove: Int

    public init(
        subtitle: SiteConfig.FieldRef? = nil, detail: SiteConfig.FieldRef? = nil, detailLabel: String, splitAbove: Int
    ) {
        self.subtitle = subtitle
        self.detail = detail
        self.detailLabel = detailLabel
        self.splitAbove = splitAbove
    }
}
