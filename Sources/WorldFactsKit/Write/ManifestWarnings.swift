import WorldFactsModel
import WorldFactsSupport

/// The warnings of the build a manifest describes, kept so that a build which stops early (its sources
/// are those of that build) tells them again: a warning goes away when its cause does, not when nothing
/// changed. One line of the manifest's header:
/// `"warnings": [["file", line, column, "record", "field", "message"], …]` (null where unknown).
enum ManifestWarnings {
    static func encoded(_ warnings: [Diagnostic]) -> String {
        func text(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        return "["
            + warnings.map { warning in
                "["
                    + [
                        text(warning.location.file), number(warning.location.line), number(warning.location.column),
                        text(warning.record), text(warning.field), text(warning.message),
                    ].joined(separator: ",") + "]"
            }.joined(separator: ",") + "]"
    }

    /// The warnings of `encoded`, from its JSON text; nil when it is anything else.
    static func decoded<Bytes: Collection<UInt8>>(_ json: Bytes) -> [Diagnostic]? {
        guard let node = try? JSONParser.parseDocument(Array(json)) else { return nil }
        return decoded(node)
    }

    static func decoded(_ node: JSONNode) -> [Diagnostic]? {
        guard case .array(let items) = node.value else { return nil }
        var warnings: [Diagnostic] = []
        for item in items {
            guard case .array(let fields) = item.value, fields.count == 6,
                case .string(let file) = fields[0].value, case .string(let message) = fields[5].value,
                let line = number(fields[1]), let column = number(fields[2]),
                let record = text(fields[3]), let field = text(fields[4])
            else { return nil }
            warnings.append(
                .warning(SourceLocation(file: file, line: line, column: column), record: record, field: field, message))
        }
        return warnings
    }

    /// A number or null: .some(nil) for null, nil for anything else.
    private static func number(_ node: JSONNode) -> Int?? {
        switch node.value {
        case .null: return .some(nil)
        case .integer(let value): return .some(value)
        default: return nil
        }
    }

    /// A string or null: .some(nil) for null, nil for anything else.
    private static func text(_ node: JSONNode) -> String?? {
        switch node.value {
        case .null: return .some(nil)
        case .string(let value): return .some(value)
        default: return nil
        }
    }
}
