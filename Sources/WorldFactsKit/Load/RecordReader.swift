/// Reads a plain record straight from its bytes, without a JSON tree: an object whose members all
/// have names site.yml declares, each once, with a string, number, null or list of strings for a value,
/// no escapes, and nothing wrong with any of it. That is nearly every record of a large file.
///
/// Anything else (an escape, an unknown member, a value of the wrong kind, any problem at all) gives
/// nil, and the caller reads the element the general way, which says what is wrong and where. So a
/// record read here is the record the general way gives, and every message comes from the general way.
struct RecordReader: Sendable {
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
    let config: SiteConfig
    let convert: @Sendable (JSONNode, FieldSpec, inout [Diagnostic]) -> FieldValue
    let requiredText: @Sendable (String, JSONNode, inout [Diagnostic]) -> String?

    /// Nil when site.yml declares more names than one 64-bit mask of seen names can hold.
    init?(config: SiteConfig,
          convert: @escaping @Sendable (JSONNode, FieldSpec, inout [Diagnostic]) -> FieldValue,
          requiredText: @escaping @Sendable (String, JSONNode, inout [Diagnostic]) -> String?) {
        var names: [Name] = []
        func name(_ id: String) -> Int {
            if let known = names.firstIndex(where: { $0.bytes.elementsEqual(id.utf8) }) { return known }
            names.append(Name(bytes: Array(id.utf8), isKey: false, isTitle: false, field: nil))
            return names.count - 1
        }
        names.reserveCapacity(config.fields.count + 2)
        names[name(config.records.keyField)].isKey = true
        names[name(config.records.titleField)].isTitle = true
        // The last declaration of an id wins, as in the general way.
        for (position, field) in config.fields.enumerated() {
            let number = name(field.id)
            names[number].field = position
            names[number].takesList = field.format == .list || field.format == .links
        }
        guard names.count <= 64 else { return nil }
        self.names = names
        self.config = config
        self.convert = convert
        self.requiredText = requiredText
    }

    /// The record of the element at `start`, which is on `line`, or nil to read it the general way.
    func read(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, line: Int) -> Record? {
        var cursor = Cursor(bytes: bytes, index: start)
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        var key: String?, title: String?
        var values = [FieldValue](repeating: .missing, count: config.fields.count)
        var seen: UInt64 = 0
        var problems: [Diagnostic] = []
        cursor.skipSpace()
        guard cursor.peek != UInt8(ascii: "}") else { return nil }
        while true {
            cursor.skipSpace()
            guard let nameRange = cursor.plainString(), let found = lookUp(bytes, nameRange) else { return nil }
            guard seen & (1 << found) == 0 else { return nil }
            seen |= 1 << found
            cursor.skipSpace()
            guard cursor.take(UInt8(ascii: ":")) else { return nil }
            cursor.skipSpace()
            guard let value = cursor.value(list: names[found].takesList) else { return nil }
            let node = JSONNode(value: value, line: line, column: 1)
            let name = names[found]
            if name.isKey { key = requiredText(config.records.keyField, node, &problems) }
            if name.isTitle { title = requiredText(config.records.titleField, node, &problems) }
            if let position = name.field { values[position] = convert(node, config.fields[position], &problems) }
            guard problems.isEmpty else { return nil }
            cursor.skipSpace()
            if cursor.take(UInt8(ascii: "}")) { break }
            guard cursor.take(UInt8(ascii: ",")) else { return nil }
        }
        // What the general parser checks after an element.
        cursor.skipSpace()
        guard cursor.peek == UInt8(ascii: ",") || cursor.peek == UInt8(ascii: "]") else { return nil }
        guard let key, let title else { return nil }
        for (position, field) in config.fields.enumerated() where field.required && values[position] == .missing { return nil }
        return Record(key: key, title: title, values: values, line: line)
    }

    private func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let candidate = UnsafeBufferPointer(rebasing: bytes[range])
        return names.firstIndex { $0.bytes.count == candidate.count && $0.bytes.elementsEqual(candidate) }
    }

    /// A position in the bytes and the few JSON forms a plain record is made of.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        /// The bytes between the quotes of a string without escapes or control characters.
        mutating func plainString() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return start..<(index - 1)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }

        mutating func text() -> String? {
            guard let range = plainString() else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
            return String(validating: slice, as: UTF8.self)
        }

        /// A string, a number, null, or (where `list`) an array of strings.
        mutating func value(list: Bool) -> JSONNode.Value? {
            switch peek {
            case UInt8(ascii: "\""): return text().map { .string($0) }
            case UInt8(ascii: "n"):
                guard index + 4 <= bytes.count, bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
                      bytes[index + 3] == UInt8(ascii: "l") else { return nil }
                index += 4
                return .null
            case UInt8(ascii: "["):
                guard list else { return nil }
                index += 1
                var items: [JSONNode] = []
                skipSpace()
                if take(UInt8(ascii: "]")) { return .array(items) }
                while true {
                    skipSpace()
                    guard let item = text() else { return nil }
                    items.append(JSONNode(value: .string(item), line: 0, column: 0))
                    skipSpace()
                    if take(UInt8(ascii: "]")) { return .array(items) }
                    guard take(UInt8(ascii: ",")) else { return nil }
                }
            default: return number()
            }
        }

        /// A number in JSON's grammar: an integer when it has neither fraction nor exponent and fits.
        mutating func number() -> JSONNode.Value? {
            let start = index
            let negative = take(UInt8(ascii: "-"))
            guard let first = peek, isDigit(first) else { return nil }
            var integer = 0, digits = 0
            if first == UInt8(ascii: "0") {
                index += 1
                digits = 1
            } else {
                while let digit = peek, isDigit(digit) {
                    integer = integer &* 10 &+ Int(digit - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
            }
            var isInteger = true
            if take(UInt8(ascii: ".")) {
                isInteger = false
                guard digitsFollow() else { return nil }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                guard digitsFollow() else { return nil }
            }
            // Up to 18 digits always fit; longer integers are left to the general way.
            if isInteger {
                guard digits <= 18 else { return nil }
                return .integer(negative ? -integer : integer)
            }
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)).map { .number($0) }
        }

        private mutating func digitsFollow() -> Bool {
            guard let digit = peek, isDigit(digit) else { return false }
            while let digit = peek, isDigit(digit) { index += 1 }
            return true
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }
}
