import WorldFactsSupport

/// `changes.json`: the feed's history as the next build reads it back (`ChangeHistory`), published with
/// the site so that a build from a restored Output alone keeps it. Its entries, then the data they left, a
/// record a line. Values are as loaded: a text a string, a number a number (a decimal with its point), a
/// list an array of strings, a missing value null.
public enum ChangesFile {
    public static let path = "changes.json"
    static let format = 1

    public static func bytes(_ history: ChangeHistory) -> [UInt8] {
        var text = "{\"format\": \(format),\n\"entries\": ["
        for (number, entry) in history.entries.enumerated() {
            text += number == 0 ? "\n" : ",\n"
            write(entry, into: &text)
        }
        text += "],\n\"data\": ["
        for (number, collection) in history.state.collections.enumerated() {
            text += number == 0 ? "\n{\"id\": " : ",\n{\"id\": "
            JSONText.appendQuoted(collection.id, to: &text)
            text += ", \"fields\": " + strings(collection.fields) + ", \"records\": ["
            for (position, record) in collection.records.enumerated() {
                text += position == 0 ? "\n[" : ",\n["
                JSONText.appendQuoted(record.key, to: &text)
                text += ", "
                JSONText.appendQuoted(record.title, to: &text)
                for value in record.values {
                    text += ", "
                    write(value, into: &text)
                }
                text += "]"
            }
            text += "]}"
        }
        return Array((text + "]}\n").utf8)
    }

    private static func write(_ entry: ChangeEntry, into text: inout String) {
        text += "{\"number\": \(entry.number), \"time\": " + JSONText.quoted(entry.time)
        if let created = entry.created {
            text += ", \"created\": ["
            text += created.map { JSONText.quoted($0.collection) + ", \($0.records)" }.map { "[" + $0 + "]" }
                .joined(separator: ", ")
            text += "]"
        }
        text += ", \"items\": ["
        for (number, item) in entry.items.enumerated() {
            text += number == 0 ? "\n " : ",\n "
            text +=
                "["
                + [item.kind.rawValue, item.collection, item.key, item.title].map(JSONText.quoted)
                .joined(separator: ", ")
            text += ", " + (item.oldTitle.map(JSONText.quoted) ?? "null") + ", ["
            for (position, field) in item.fields.enumerated() {
                text += (position == 0 ? "[" : ", [") + JSONText.quoted(field.field) + ", "
                write(field.old, into: &text)
                text += ", "
                write(field.new, into: &text)
                text += "]"
            }
            text += "]]"
        }
        text += "], \"more\": \(entry.more)}"
    }

    private static func write(_ value: FieldValue, into text: inout String) {
        switch value {
        case .missing: text += "null"
        case .text(let string): JSONText.appendQuoted(string, to: &text)
        case .integer(let number): text += String(number)
        // A decimal keeps its point, so that it reads back as a decimal; one JSON cannot write is a text.
        case .decimal(let number) where number.isFinite:
            let written = String(number)
            text += written.contains(where: { $0 == "." || $0 == "e" }) ? written : written + ".0"
        case .decimal(let number): JSONText.appendQuoted(String(number), to: &text)
        case .list(let items): text += strings(items)
        }
    }

    private static func strings(_ items: [String]) -> String {
        "[" + items.map(JSONText.quoted).joined(separator: ", ") + "]"
    }

    /// Why a file is not a history this build can read.
    public struct Unreadable: Error, Sendable {
        public let message: String
    }

    /// The history `bytes` holds.
    public static func history(_ bytes: [UInt8]) throws(Unreadable) -> ChangeHistory {
        let root: JSONNode
        do { root = try JSONParser.parseDocument(bytes) } catch {
            throw Unreadable(message: "\(error.line):\(error.column): \(error.message)")
        }
        let top = try object(root)
        guard case .integer(format)? = top["format"]?.value else {
            throw Unreadable(message: "expected \"format\": \(format)")
        }
        let entries = try array(top["entries"], "entries").map { node throws(Unreadable) in try entry(node) }
        let data = try array(top["data"], "data").map { node throws(Unreadable) in try collection(node) }
        return ChangeHistory(entries: entries, state: DataState(collections: data))
    }

    private static func entry(_ node: JSONNode) throws(Unreadable) -> ChangeEntry {
        let members = try object(node)
        guard case .integer(let number)? = members["number"]?.value else { throw problem(node, "an entry's number") }
        let created = try members["created"].map { list throws(Unreadable) in
            try array(list, "created").map { node throws(Unreadable) -> ChangeEntry.Count in
                let pair = try array(node, "a count")
                guard pair.count == 2, case .string(let id) = pair[0].value, case .integer(let count) = pair[1].value
                else { throw problem(node, "[collection, count]") }
                return ChangeEntry.Count(collection: id, records: count)
            }
        }
        let items = try array(members["items"], "items").map { node throws(Unreadable) in try item(node) }
        guard case .integer(let more)? = members["more"]?.value else { throw problem(node, "an entry's more") }
        return ChangeEntry(
            number: number, time: try string(members["time"], "time"), created: created, items: items, more: more)
    }

    private static func item(_ node: JSONNode) throws(Unreadable) -> ChangeItem {
        let parts = try array(node, "an item")
        guard parts.count == 6 else { throw problem(node, "[kind, collection, key, title, old title, fields]") }
        let kindName = try string(parts[0], "kind")
        guard let kind = ChangeItem.Kind(rawValue: kindName) else {
            throw problem(parts[0], "added, removed or changed")
        }
        let oldTitle: String? = if case .null = parts[4].value { nil } else { try string(parts[4], "old title") }
        let fields = try array(parts[5], "fields").map { node throws(Unreadable) -> FieldChange in
            let field = try array(node, "a field")
            guard field.count == 3 else { throw problem(node, "[field, old, new]") }
            return FieldChange(field: try string(field[0], "field"), old: try value(field[1]), new: try value(field[2]))
        }
        return ChangeItem(
            kind: kind, collection: try string(parts[1], "collection"), key: try string(parts[2], "key"),
            title: try string(parts[3], "title"), oldTitle: oldTitle, fields: fields)
    }

    private static func collection(_ node: JSONNode) throws(Unreadable) -> DataState.Collection {
        let members = try object(node)
        let fields = try array(members["fields"], "fields").map { node throws(Unreadable) in try string(node, "field") }
        let records = try array(members["records"], "records").map { node throws(Unreadable) -> DataState.Entry in
            let parts = try array(node, "a record")
            guard parts.count == fields.count + 2 else {
                throw problem(node, "a key, a title and \(fields.count) values")
            }
            return DataState.Entry(
                key: try string(parts[0], "key"), title: try string(parts[1], "title"),
                values: try parts.dropFirst(2).map { node throws(Unreadable) in try value(node) })
        }
        return DataState.Collection(id: try string(members["id"], "id"), fields: fields, records: records)
    }

    private static func value(_ node: JSONNode) throws(Unreadable) -> FieldValue {
        switch node.value {
        case .null: return .missing
        case .string(let text): return .text(text)
        case .integer(let number): return .integer(number)
        case .number(let number): return .decimal(number)
        case .array(let items):
            return .list(try items.map { node throws(Unreadable) in try string(node, "a list's item") })
        default: throw problem(node, "a value")
        }
    }

    private static func object(_ node: JSONNode) throws(Unreadable) -> [String: JSONNode] {
        guard case .object(let members) = node.value else { throw problem(node, "an object") }
        return Dictionary(members.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })
    }

    private static func array(_ node: JSONNode?, _ what: String) throws(Unreadable) -> [JSONNode] {
        guard let node else { throw Unreadable(message: "expected \(what)") }
        guard case .array(let items) = node.value else { throw problem(node, what + " (an array)") }
        return items
    }

    private static func string(_ node: JSONNode?, _ what: String) throws(Unreadable) -> String {
        guard let node else { throw Unreadable(message: "expected \(what)") }
        guard case .string(let text) = node.value else { throw problem(node, what + " (a string)") }
        return text
    }

    private static func problem(_ node: JSONNode, _ expected: String) -> Unreadable {
        Unreadable(message: "\(node.line):\(node.column): expected \(expected), found \(node.typeName)")
    }
}
