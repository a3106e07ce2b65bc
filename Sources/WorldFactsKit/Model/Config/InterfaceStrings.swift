import WorldFactsSupport

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
    /// The language switcher's name for screen readers.
    public var languages = "Languages"
    /// Above a note shown in the default language for want of one in the page's.
    public var fallbackNote = "This note is not translated yet."
    /// The heading of the page of the data's changes (`changes:`), and the link to it on every page.
    public var changes = "Changes to the data"
    /// The heading of the feed's first entry, and the words before its counts.
    public var changesCreated = "First published"
    /// Before the records an entry of the feed names as added, removed and changed.
    public var changesAdded = "Added"
    public var changesRemoved = "Removed"
    public var changesChanged = "Changed"
    /// After the changes an entry names: "and {count} more".
    public var changesMore = "and {count} more"
    /// The installable site's offer to save every page (`offline:`), its count as it saves, and its end.
    public var saveOffline = "Save for offline"
    public var offlineProgress = "{done} of {total} files saved"
    public var offlineSaved = "Saved for offline reading"
    public var offlineFailed = "Saving stopped; try again when online"
    /// A locator map's text alternative; `{place}` is the record's title, with its coordinates where the map
    /// marks them.
    public var mapLabel = "Map: {place}"
    /// How a `boolean` field's values show.
    public var yes = "Yes"
    public var no = "No"

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

    /// Every string by its key in site.yml's `strings` (and a language's `strings`).
    public static var keys: [(key: String, path: WritableKeyPath<InterfaceStrings, String>)] {
        [
            ("none", \.none), ("search_placeholder", \.searchPlaceholder), ("search_label", \.searchLabel),
            ("no_results", \.noResults), ("top", \.top), ("previous", \.previous), ("next", \.next),
            ("back_to_index", \.backToIndex), ("neighbours", \.neighbours), ("more_results", \.moreResults),
            ("more_words", \.moreWords), ("did_you_mean", \.didYouMean), ("result_count", \.resultCount),
            ("not_found", \.notFound), ("section_count", \.sectionCount), ("sections", \.sections),
            ("data", \.data), ("built_with", \.builtWith), ("download", \.download), ("home", \.home),
            ("see_all", \.seeAll), ("browse", \.browse), ("value_count", \.valueCount),
            ("languages", \.languages), ("fallback_note", \.fallbackNote), ("changes", \.changes),
            ("changes_created", \.changesCreated), ("changes_added", \.changesAdded),
            ("changes_removed", \.changesRemoved), ("changes_changed", \.changesChanged),
            ("changes_more", \.changesMore), ("save_offline", \.saveOffline),
            ("offline_progress", \.offlineProgress), ("offline_saved", \.offlineSaved),
            ("offline_failed", \.offlineFailed), ("map_label", \.mapLabel),
            ("yes", \.yes), ("no", \.no),
        ]
    }

    /// By key of a string the pages count with (`countedKeys`): its forms by CLDR plural category
    /// (`{ one: "{count} record", other: "{count} records" }`), when it has several; its text above is
    /// then the "other" form.
    public var plurals = OrderedMapping<OrderedMapping<String>>()

    /// The strings whose `{count}` the pages fill in, or the search script (`result_count`, `more_results`,
    /// through `Intl.PluralRules`), which may have a form per plural category.
    public static let countedKeys = ["section_count", "value_count", "see_all", "result_count", "more_results"]

    /// The text of the string `key` for `count`, shown as `shown`: the form of the count's plural
    /// category in `rules`' locale, where the string has one, else its text.
    public func counted(_ key: String, _ count: Int, shown: String, rules: PluralRules) -> String {
        let text = Self.keys.first { $0.key == key }.map { self[keyPath: $0.path] } ?? ""
        let form = plurals[key].flatMap { $0[rules.category(of: count)] } ?? text
        return form.replacingEvery("{count}", with: shown)
    }

    /// The strings a site has when site.yml sets none: English.
    public static let english: InterfaceStrings = {
        var strings = InterfaceStrings(
            none: "None", searchPlaceholder: "Search", searchLabel: "Search", noResults: "No results", top: "Search",
            previous: "Previous", next: "Next", backToIndex: "Index", neighbours: "Neighbours",
            moreResults: "and {count} more — keep typing", resultCount: "{count} results", notFound: "Page not found",
            sectionCount: "{count} records")
        // In the order of `countedKeys`: the config's text, which every fingerprint starts from, is then the
        // same in every process, as a dictionary's order is not.
        let plurals = BuiltInStrings.plurals(locale: "en")
        for key in countedKeys { strings.plurals[key] = plurals[key] }
        return strings
    }()
}
