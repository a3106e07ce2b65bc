import WorldFactsModel
import WorldFactsSupport

/// Turns a record's field value into the text a page shows: "None" for empty values, numbers grouped by
/// the locale with their unit, codes by their names in the site's language, lists joined by commas.
public struct ValueFormatter: Sendable {
    public let numbers: LocaleFormats
    public let none: String
    /// How a `boolean` field's values show (`strings.yes`, `strings.no`).
    let yes: String
    let no: String

    public init(config: SiteConfig) {
        numbers = LocaleFormats(locale: config.locale)
        none = config.strings.none
        (yes, no) = (config.strings.yes, config.strings.no)
    }

    public func text(_ value: FieldValue, _ field: FieldSpec?) -> String {
        text(value, unit: field?.unit, fractionDigits: field?.fractionDigits, shownAs: field?.shownAs)
    }

    /// `text(_:_:)` with what it reads of the field: a field passed whole is copied, every text of it
    /// retained and released, for each value of each page.
    public func text(
        _ value: FieldValue, unit: String?, fractionDigits: Int?, shownAs: FieldSpec.ShownAs? = nil
    ) -> String {
        let unit = unit.map { " " + $0 } ?? ""
        switch value {
        case .missing: return none
        case .text(let text): return text.trimmingWhitespace().isEmpty ? none : shown(text, shownAs)
        case .decimal(let number) where shownAs?.kind == .percentage:
            return numbers.percent(number, fractionDigits: fractionDigits ?? 2)
        case .integer(let number): return numbers.format(number) + unit
        case .decimal(let number): return numbers.format(number, fractionDigits: fractionDigits ?? 2) + unit
        case .list(let items):
            let items = items.filter { !$0.trimmingWhitespace().isEmpty }
            return items.isEmpty ? none : items.map { shown($0, shownAs) }.joined(separator: ", ")
        }
    }

    /// A text as its kind shows it, or as it is where it is no code ICU knows or no day. With this
    /// formatter's numbers: a kind that writes numbers (coordinates) is on every page of a collection.
    func shown(_ text: String, _ kind: FieldSpec.ShownAs?) -> String {
        // In the site's own words, which may not be the built-in ones.
        if kind?.kind == .boolean, let truth = Truth.of(text) { return truth ? yes : no }
        return kind?.shown(text, numbers: numbers) ?? text
    }

    public func text(_ record: Record, _ ref: SiteConfig.FieldRef, in collection: CollectionSpec) -> String {
        if case .field(let position) = ref {
            return text(record.values[position], of: collection.fields[position], in: record.values)
        }
        return text(record.value(ref), nil)
    }

    /// A value of a record (whose values are `values`) as its field shows it: with its unit, or its unit
    /// field's (`unit_field:`), and its second unit (`also:`).
    public func text(_ value: FieldValue, of field: FieldSpec, in values: [FieldValue]) -> String {
        let shown = text(
            value, unit: field.unit(in: values), fractionDigits: field.fractionDigits, shownAs: field.shownAs)
        guard let also = field.also, let number = value.number else { return shown }
        return shown + " (" + numbers.format(number * also.factor, fractionDigits: also.fractionDigits) + " "
            + also.unit + ")"
    }
}
