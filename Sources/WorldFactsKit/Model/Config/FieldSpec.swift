public struct FieldSpec: Sendable {
    public var id: String
    public var label: String
    public var format: FieldFormat
    /// Printed after a number ("km²").
    public var unit: String?
    /// Fraction digits shown at most for a decimal (trailing zeros are dropped).
    public var fractionDigits: Int
    /// Smallest value a number may take (`min:`); nil allows any.
    public var minimum: Double?
    public var required: Bool
    /// Shown in the facts table of a record page.
    public var show: Bool
    /// Left out of the facts table when the record has no value for it (nor for its fallback), rather
    /// than shown as `strings.none`.
    public var hideEmpty = false
    /// For a link field: the collection its values name, by position in `SiteConfig.collections`.
    public var target: Int?
    /// How a list is written in a text cell (CSV, TSV, SQLite): the text between items.
    public var separator: String
    /// A field whose value a page shows when this one has none (a capital's name where its city has no page).
    public var fallback: Int?

    public init(
        id: String, label: String, format: FieldFormat, unit: String? = nil, fractionDigits: Int,
        minimum: Double? = nil, required: Bool, show: Bool, target: Int? = nil, separator: String = ";",
        fallback: Int? = nil
    ) {
        self.id = id
        self.label = label
        self.format = format
        self.unit = unit
        self.fractionDigits = fractionDigits
        self.minimum = minimum
        self.required = required
        self.show = show
        self.target = target
        self.separator = separator
        self.fallback = fallback
    }
}
