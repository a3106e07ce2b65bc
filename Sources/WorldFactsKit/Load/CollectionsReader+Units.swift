import WorldFactsModel
import WorldFactsSupport

/// A number field's units beyond `unit`: a text field of the record that gives each value's own
/// (`unit_field:`), and a second unit by a factor (`also: { unit: m, factor: 0.3048, digits: 1 }`).
extension CollectionsReader {
    /// Reads `unit_field` and `also` of the field at `position`, once every field is known.
    func units(_ map: YAMLReader.Map, of position: Int, in fields: inout [FieldSpec], _ r: inout YAMLReader) {
        let field = fields[position]
        guard field.format == .integer || field.format == .decimal else {
            let key = map.node(for: "unit_field") != nil ? "unit_field" : "also"
            r.problem(
                at: map.node(for: key)!, field: map.path + "." + key,
                "only an integer or decimal field has \(key == "also" ? "a second unit" : "a unit field");"
                    + " this one is '\(field.format.rawValue)'")
            return
        }
        if let name = r.optionalString(map, "unit_field") {
            let texts = fields.indices.filter {
                $0 != position && fields[$0].format == .text && fields[$0].shownAs == nil && !fields[$0].isDerived
            }
            if let unitField = texts.first(where: { fields[$0].id == name }) {
                fields[position].unitField = unitField
            } else {
                r.problem(
                    at: map.node(for: "unit_field")!, field: map.path + ".unit_field",
                    "expected a text field of the collection, found '\(name)'"
                        + EditDistance.suggestion(for: name, among: texts.map { fields[$0].id }))
            }
        }
        guard let also = r.map(map, "also") else { return }
        let unit = r.string(also, "unit") ?? ""
        let factor = r.optionalDouble(also, "factor")
        if factor == nil, also.node(for: "factor") == nil {
            r.problem(at: also.node, field: also.path + ".factor", "missing; the number the value is multiplied by")
        } else if let factor, !factor.isFinite || factor == 0 {
            r.problem(
                at: also.node(for: "factor")!, field: also.path + ".factor",
                "expected a number other than zero, found '\(also.node(for: "factor")?.string ?? String(factor))'")
        }
        let digits = r.int(also, "digits", default: field.fractionDigits)
        if !unit.isEmpty, let factor, factor.isFinite, factor != 0 {
            fields[position].also = FieldSpec.SecondUnit(unit: unit, factor: factor, fractionDigits: digits)
        }
    }
}
