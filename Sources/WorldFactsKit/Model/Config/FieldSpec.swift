import WorldFactsSupport

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
    /// For a text or a list of codes (`format: language`, `format: list, items: currency`): what its
    /// codes name, which pages show by name in the site's language.
    public var names: CodeNames?

    /// What the codes of a field name.
    public enum CodeNames: String, Sendable, CaseIterable {
        /// BCP 47 language tags (`de-CH`), shown as "German (Switzerland)".
        case language
        /// ISO 4217 codes (`CHF`), shown as "Swiss Franc".
        case currency

        /// How a page shows a value: the name of its code (white space around it ignored), or the value
        /// itself where ICU knows no such code.
        public func name(of text: String, in names: DisplayNames) -> String {
            let code = String(text.trimmingWhitespace())
            switch self {
            case .language: return names.language(code) ?? text
            case .currency: return names.currency(code) ?? text
            }
        }
    }

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
