import WorldFactsSupport

public struct FieldSpec: Sendable {
    public var id: String
    public var label: String
    public var format: FieldFormat
    /// Printed after a number ("km²").
    public var unit: String?
    /// A text field of the record whose value is this number's unit (`unit_field:`), where it has one;
    /// else `unit`.
    public var unitField: Int?
    /// The number again in a second unit, by a factor (`also: { unit: m, factor: 0.3048 }`): "1,250 ft
    /// (381 m)".
    public var also: SecondUnit?
    /// Fraction digits shown at most for a decimal (trailing zeros are dropped).
    public var fractionDigits: Int
    /// Smallest value a number may take (`min:`); nil allows any.
    public var minimum: Double?
    /// Largest value a number may take (`max:`); nil allows any. A coordinates field's latitude is held
    /// within ±90 and its longitude within ±180 when they declare no bounds of their own.
    public var maximum: Double?
    /// For a field of coordinates (`format: coordinates`): the number fields it is made of. It has no
    /// column of its own; each record's value is its latitude and longitude as one text, "64.1466 -21.94".
    public var coordinates: CoordinateFields?
    /// For a computed field (`compute:`): its expression over the record's number fields. It has no column
    /// of its own either.
    public var compute: Computation?

    /// Whether the field's value is made of the record's others (coordinates, a computation), not read.
    public var isDerived: Bool { coordinates != nil || compute != nil }
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
    /// For a text, or a list of texts, that pages show in the site's language (`format: language`,
    /// `format: date`, `format: list, items: currency`): what its values are, and the names the site gives.
    public var shownAs: ShownAs?

    /// How pages show the values of a field of codes or days: by the site's names for codes (`names:`),
    /// else as their kind shows them (`TextKind`).
    public struct ShownAs: Sendable {
        public var kind: TextKind
        /// In the config's language: its own, else ICU's, else the default language's.
        public var names = CodeNames()
        /// For coordinates: the fraction digits of each number (the field's `digits`).
        public var fractionDigits = 2

        public init(_ kind: TextKind, names: CodeNames = CodeNames(), fractionDigits: Int = 2) {
            self.kind = kind
            self.names = names
            self.fractionDigits = fractionDigits
        }

        /// How a page in `locale` shows a value (white space around it ignored); nil where neither the
        /// site nor ICU has a name for the code, or the text is no day.
        public func shown(_ text: String, locale: String) -> String? {
            shown(text, numbers: LocaleFormats(locale: locale))
        }

        /// `shown(_:locale:)` with the numbers and dates of the locale already at hand (a page's formatter).
        public func shown(_ text: String, numbers: LocaleFormats) -> String? {
            names[text.trimmingWhitespace()] ?? kind.shown(text, numbers: numbers, fractionDigits: fractionDigits)
        }
    }

    /// A second unit a number is shown in too: its value times `factor`, with at most `fractionDigits`.
    public struct SecondUnit: Sendable {
        public var unit: String
        public var factor: Double
        public var fractionDigits: Int

        public init(unit: String, factor: Double, fractionDigits: Int) {
            self.unit = unit
            self.factor = factor
            self.fractionDigits = fractionDigits
        }
    }

    /// The unit a record's value is shown with: its unit field's text where it has one, else `unit`.
    public func unit(in values: [FieldValue]) -> String? {
        guard let unitField, case .text(let text) = values[unitField], !text.trimmingWhitespace().isEmpty else {
            return unit
        }
        return String(text.trimmingWhitespace())
    }

    /// The latitude and longitude fields of a coordinates field, by position in the collection.
    public struct CoordinateFields: Sendable {
        public var latitude: Int
        public var longitude: Int

        public init(latitude: Int, longitude: Int) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// What the values of a text field are, which pages show in the site's language, through ICU.
    public enum TextKind: String, Sendable, CaseIterable {
        /// BCP 47 language tags (`de-CH`), shown by name: "German (Switzerland)".
        case language
        /// ISO 4217 codes (`CHF`), shown by name: "Swiss Franc".
        case currency
        /// ISO 3166-1 alpha-2 codes (`CH`), shown by name: "Switzerland".
        case region
        /// ISO 8601 days (`2024-03-07`), shown in the locale's medium style: "Mar 7, 2024".
        case date
        /// A latitude and a longitude (`FieldSpec.coordinates`), shown with the locale's digits and the
        /// compass letters: "64.15°N 21.94°W".
        case coordinates
        /// Web addresses (`https://example.org/about`), linked, shown without their scheme and `www.`,
        /// cut at 40 characters: "example.org/about". Only `http` and `https` are linked.
        case url
        /// E-mail addresses, linked with `mailto:`.
        case email
        /// Yes or no, written `true`, `false`, `yes`, `no`, `1` or `0` in any case (a JSON boolean too),
        /// shown as the site's `strings.yes` and `strings.no`; any other value is an error at its record.
        case boolean
        /// Numbers (held as `decimal`), shown as percentages in the locale's format: 12.5 → "12.5%", in
        /// German "12,5 %". The number is the percentage as written, not a fraction of one.
        case percentage
        /// IANA time zones (`Europe/Paris`), shown by their generic name and today's offset from GMT:
        /// "Central European Time (GMT+01:00)". What a page shows changes with the seasons: its fingerprint
        /// holds the text (`PageContexts.recordInputs`).
        case timezone

        /// The kinds whose values are codes CLDR names (languages, currencies, regions): a field of them
        /// may give its own names (`names:`), and a collection's keys may be of them (`key_format:`).
        public static let codes: [TextKind] = [.language, .currency, .region]
        public var isCode: Bool { Self.codes.contains(self) }
        /// The kinds a list's items may be (`items:`).
        public static let items: [TextKind] = codes + [.date]

        /// How a page in `locale` shows a value (white space around it ignored); nil where ICU has no name
        /// for the code, or the text is no day.
        public func shown(_ text: String, locale: String, fractionDigits: Int = 2) -> String? {
            shown(text, numbers: LocaleFormats(locale: locale), fractionDigits: fractionDigits)
        }

        /// `shown(_:locale:fractionDigits:)`, in the locale of `numbers`, whose numbers and dates it writes.
        public func shown(_ text: String, numbers: LocaleFormats, fractionDigits: Int = 2) -> String? {
            let value = String(text.trimmingWhitespace())
            let locale = numbers.locale
            switch self {
            case .url: return WebLink.shortened(value)
            case .email: return value
            case .boolean:
                let strings = BuiltInStrings.of(locale: locale)
                return Truth.of(value).map { $0 ? strings["yes"] ?? "Yes" : strings["no"] ?? "No" }
            case .percentage: return Double(value).map { numbers.percent($0, fractionDigits: fractionDigits) }
            case .timezone: return numbers.timeZone(value)
            case .coordinates: return Coordinates(value).map { $0.shown(numbers: numbers, digits: fractionDigits) }
            case .language: return DisplayNames(locale: locale).language(value)
            case .currency: return DisplayNames(locale: locale).currency(value)
            case .region: return DisplayNames(locale: locale).region(value)
            case .date: return ISODate(value).flatMap { numbers.date(year: $0.year, month: $0.month, day: $0.day) }
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
