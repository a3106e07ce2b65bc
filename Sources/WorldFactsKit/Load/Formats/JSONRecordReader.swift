import WorldFactsModel
import WorldFactsSupport

/// Reads a plain record straight from its bytes, without a JSON tree: an object whose members all
/// have names site.yml declares, each once, with a string, number, null or list of strings for a value,
/// no escapes, and nothing wrong with any of it. That is nearly every record of a large file.
///
/// Anything else (an escape, an unknown member, a value of the wrong kind, any problem at all) gives
/// nil, and the caller reads the element the general way, which says what is wrong and where. So a
/// record read here is the record the general way gives, and every message comes from the general way.
struct JSONRecordReader: Sendable {
    /// What a member name stands for: the key, the title, a field, or several of them at once.
    struct Name: Sendable {
        var bytes: [UInt8]
        var isKey: Bool
        var isTitle: Bool
        var field: Int?
        /// True when the field is a list (or links): the one kind of value that may be an array.
        var takesList = false
    }

    let names: [Name]
    let collection: CollectionSpec
    let convert: @Sendable (JSONNode, FieldSpec, inout [Diagnostic]) -> FieldValue
    let requiredText: @Sendable (String, JSONNode, inout [Diagnostic]) -> String?

    /// Nil when site.yml declares more names than one 64-bit mask of seen names can hold.
    init?(
        collection: CollectionSpec,
        convert: @escaping @Sendable (JSONNode, FieldSpec, inout [Diagnostic]) -> FieldValue,
        requiredText: @escaping @Sendable (String, JSONNode, inout [Diagnostic]) -> String?
    ) {
        var names: [Name] = []
        func name(_ id: String) -> Int {
            if let known = names.firstIndex(where: { $0.bytes.elementsEqual(id.utf8) }) { return known }
            names.append(Name(bytes: Array(id.utf8), isKey: false, isTitle: false, field: nil))
            return names.count - 1
        }
        names.reserveCapacity(collection.fields.count + 2)
        names[name(collection.records.keyField)].isKey = true
        names[name(collection.records.titleField)].isTitle = true
        // The last declaration of an id wins, as in the general way.
        // A derived field has no member of its own (`RecordsLoader.derive`).
        for (position, field) in collection.fields.enumerated() where !field.isDerived {
            let number = name(field.id)
            names[number].field = position
            names[number].takesList = field.format == .list || field.format == .links
        }
        guard names.count <= 64 else { return nil }
        self.names = names
        self.collection = collection
        self.convert = convert
        self.requiredText = requiredText
    }

    /// The record of the element at `start`, which is on `line`, or nil to read it the general way.
    func read(_ bytes: [UInt8], at start: Int, line: Int) -> Record? {
        bytes.withCursor(at: start) { cursor in read(&cursor, line: line) }
    }

    private func read(_ cursor: inout ByteCursor, line: Int) -> Record? {
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        var key: String?, title: String?
        var values = [FieldValue](repeating: .missing, count: collection.fields.count)
        var seen: UInt64 = 0
        var problems: [Diagnostic] = []
        cursor.skipWhitespace()
        guard cursor.peek != UInt8(ascii: "}") else { return nil }
        while true {
            cursor.skipWhitespace()
            guard let nameRange = cursor.plainString(), let found = lookUp(cursor, nameRange) else { return nil }
            guard seen & (1 << found) == 0 else { return nil }
            seen |= 1 << found
            cursor.skipWhitespace()
            guard cursor.take(UInt8(ascii: ":")) else { return nil }
            cursor.skipWhitespace()
            guard let value = value(&cursor, list: names[found].takesList) else { return nil }
            let node = JSONNode(value: value, line: line, column: 1)
            // The roles alone, which hold no references: a copy of the whole name retained its bytes.
            let name = (isKey: names[found].isKey, isTitle: names[found].isTitle, field: names[found].field)
            if name.isKey { key = requiredText(collection.records.keyField, node, &problems) }
            if name.isTitle { title = requiredText(collection.records.titleField, node, &problems) }
            if let position = name.field { values[position] = convert(node, collection.fields[position], &problems) }
            guard problems.isEmpty else { return nil }
            cursor.skipWhitespace()
            if cursor.take(UInt8(ascii: "}")) { break }
            guard cursor.take(UInt8(ascii: ",")) else { return nil }
        }
        // What the general parser checks after an element.
        cursor.skipWhitespace()
        guard cursor.peek == UInt8(ascii: ",") || cursor.peek == UInt8(ascii: "]") else { return nil }
        guard let key, let title else { return nil }
        RecordsLoader.derive(&values, fields: collection.fields)
        for (position, field) in collection.fields.enumerated() where field.required && values[position] == .missing {
            return nil
        }
        return Record(key: key, title: title, values: values, line: line)
    }

    private func lookUp(_ cursor: ByteCursor, _ range: Range<Int>) -> Int? {
        names.firstIndex { cursor.bytes(range, equal: $0.bytes) }
    }

    /// A string, a number, null, or (where `list`) an array of strings, each without escapes.
    private func value(_ cursor: inout ByteCursor, list: Bool) -> JSONNode.Value? {
        switch cursor.peek {
        case UInt8(ascii: "\""): return text(&cursor).map { .string($0) }
        case UInt8(ascii: "n"): return cursor.take("null") ? .null : nil
        case UInt8(ascii: "["):
            guard list else { return nil }
            cursor.advance()
            var items: [JSONNode] = []
            cursor.skipWhitespace()
            if cursor.take(UInt8(ascii: "]")) { return .array(items) }
            while true {
                cursor.skipWhitespace()
                guard let item = text(&cursor) else { return nil }
                items.append(JSONNode(value: .string(item), line: 0, column: 0))
                cursor.skipWhitespace()
                if cursor.take(UInt8(ascii: "]")) { return .array(items) }
                guard cursor.take(UInt8(ascii: ",")) else { return nil }
            }
        default:
            // An integer when it has neither fraction nor exponent and up to 18 digits, which always fit;
            // longer integers are left to the general way.
            guard let number = try? cursor.number() else { return nil }
            if number.isInteger { return number.smallInteger.map { .integer($0) } }
            return Double(String(decoding: cursor[number.range], as: UTF8.self)).map { .number($0) }
        }
    }

    /// A string without escapes or control characters, as text.
    private func text(_ cursor: inout ByteCursor) -> String? {
        guard let range = cursor.plainString() else { return nil }
        return cursor.text(range)
    }
}
