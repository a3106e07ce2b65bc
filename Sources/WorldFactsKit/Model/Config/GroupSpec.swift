import WorldFactsSupport

/// A field whose values group a collection's records (a continent, a time zone): a page per value, a
/// page listing the values, and every record's value linked to its page. The value is a text field's, each
/// item of a list field's (a record is then in a group per item), or a text field of the record a link
/// names (`country.continent`: a city is in its country's continent).
public struct GroupSpec: Sendable {
    /// The grouping field, by position in the collection's fields: a text, list or link field.
    public var field: Int
    /// For a link field: the text field of the linked collection that gives the value, by position in its
    /// fields.
    public var through: Int?
    /// The group as site.yml names it (`continent`, `country.continent`): its filters' name too.
    public var name: String
    /// The output folder of the group pages.
    public var pagesFolder: String
    /// The overview page's title (`Continents`).
    public var label: String
    /// The schema.org type of a group page's JSON-LD (`Continent`), with a base URL.
    public var structuredDataType: String?
    /// In a language other than the default: the values' titles, by the value as the records hold it
    /// (`languages/<id>.yml`). A value's page keeps the default language's name.
    public var valueTitles = OrderedMapping<String>()
    /// How a value's page and the links to it name it, `{value}` standing for the value (`Block {value}`);
    /// nil: by the value alone.
    public var title: String?
    /// A bar chart on each value's page, of its records by a number field (`chart:`).
    public var chart: ChartSpec?

    /// What is wrong with `title` as a group's title, in site.yml or a language's file; nil when nothing is.
    public static func titleProblem(_ title: String) -> String? {
        title.contains("{value}") ? nil : "a group's title must hold '{value}', where the value goes ('Block {value}')"
    }

    /// What a value's page and the links to it are titled: `title` with the value shown in it.
    public func title(of value: String) -> String {
        title.map { $0.replacingEvery("{value}", with: value) } ?? value
    }

    public init(field: Int, through: Int? = nil, name: String, pagesFolder: String, label: String) {
        self.field = field
        self.through = through
        self.name = name
        self.pagesFolder = pagesFolder
        self.label = label
    }
}
