import WorldFactsModel
import WorldFactsSupport

/// Turns a record's field value into the text a page shows: "None" for empty values, numbers grouped by
/// the locale with their unit, codes by their names in the site's language, lists joined by commas.
public struct ValueFormatter: Sendable {
    public let numbers: NumberStyle
    public let none: String
    public let names: DisplayNames

    public init(config: SiteConfig) {
        numbers = NumberStyle(locale: config.locale)
        none = config.strings.none
        names = DisplayNames(locale: config.locale)
    }

    public func text(_ value: FieldValue, _ field: FieldSpec?) -> String {
        text(value, unit: field?.unit, fractionDigits: field?.fractionDigits, names: field?.names)
    }

    /// `text(_:_:)` with what it reads of the field: a field passed whole is copied, every text of it
    /// retained and released, for each value of each page.
    public func text(
        _ value: FieldValue, unit: String?, fractionDigits: Int?, names: FieldSpec.CodeNames? = nil
    ) -> String {
        let unit = unit.map { " " + $0 } ?? ""
        switch value {
        case .missing: return none
        case .text(let text): return text.trimmingWhitespace().isEmpty ? none : name(of: text, names)
        case .integer(let number): return numbers.format(number) + unit
        case .decimal(let number): return numbers.format(number, fractionDigits: fractionDigits ?? 2) + unit
        case .list(let items):
            let shown = items.filter { !$0.trimmingWhitespace().isEmpty }
            return shown.isEmpty ? none : shown.map { name(of: $0, names) }.joined(separator: ", ")
        }
    }

    /// A code's name, or the text where it is no code ICU knows.
    func name(of text: String, _ names: FieldSpec.CodeNames?) -> String {
        names?.name(of: text, in: self.names) ?? text
    }

    public func text(_ record: Record, _ ref: SiteConfig.FieldRef, in collection: CollectionSpec) -> String {
        if case .field(let position) = ref { return text(record.values[position], collection.fields[position]) }
        return text(record.value(ref), nil)
    }
}
