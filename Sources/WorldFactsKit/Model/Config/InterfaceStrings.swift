public struct InterfaceStrings: Sendable {
    public var none: String
    public var searchPlaceholder: String
    public var searchLabel: String
    public var noResults: String
    public var top: String
    public var previous: String
    public var next: String
    public var backToIndex: String
    public var neighbours: String
    public var moreResults: String
    /// Announced to screen readers: "{count} results".
    public var resultCount: String
    /// The heading of the 404 page.
    public var notFound: String
    /// How a split index counts a section: "{count} records".
    public var sectionCount: String
    /// The link to the home page, where a site has one.
    public var home: String
    /// Under a list cut short, the link to all of it: "All {count}".
    public var seeAll: String
    /// The heading of the home page's list of collections and groups.
    public var browse: String
    /// How the home page counts a group's values: "{count} values".
    public var valueCount: String
    /// The section strip's name for screen readers.
    public var sections = "Sections"
    /// Before the data credit in the footer.
    public var data = "Data:"
    /// After it.
    public var builtWith = "Built with WorldFacts."
    /// Before an index's links to its data downloads.
    public var download = "Download the data:"
    /// Under results of a query of several words found in a preview only, whose total is not known.
    public var moreWords = "more may match — keep typing"
    /// Before the links to the closest titles, when a query matches nothing.
    public var didYouMean = "Did you mean:"

    public init(
        none: String, searchPlaceholder: String, searchLabel: String, noResults: String, top: String, previous: String,
        next: String, backToIndex: String, neighbours: String, moreResults: String, resultCount: String,
        notFound: String, sectionCount: String, home: String = "Home", seeAll: String = "All {count}",
        browse: String = "Browse", valueCount: String = "{count} values"
    ) {
        self.none = none
        self.searchPlaceholder = searchPlaceholder
        self.searchLabel = searchLabel
        self.noResults = noResults
        self.top = top
        self.previous = previous
        self.next = next
        self.backToIndex = backToIndex
        self.neighbours = neighbours
        self.moreResults = moreResults
        self.resultCount = resultCount
        self.notFound = notFound
        self.sectionCount = sectionCount
        self.home = home
        self.seeAll = seeAll
        self.browse = browse
        self.valueCount = valueCount
    }
}
