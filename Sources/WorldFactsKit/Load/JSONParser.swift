/// A JSON value that knows the line and column it started at, so validation can say where a problem is.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case integer(Int)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }
    public var value: Value
    public var line: Int
    public var column: Int

    public var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

public struct JSONMember: Sendable {
    public var key: String
    public var node: JSONNode
}

public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes that tracks lines. `forEachElement` streams the elements
/// of a top-level array one at a time, so a large records file never becomes one big tree.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    static let maximumDepth = 512

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // byte-order mark
    }

    private var column: Int { index - lineStart + 1 }

    /// Where a top-level element starts: its byte offset, line, and the offset its line starts at.
    public struct ElementStart: Sendable {
        var index: Int
        var line: Int
        var lineStart: Int
    }

    /// A parser that starts at an element `elementStarts` found.
    init(bytes: [UInt8], at start: ElementStart) {
        self.bytes = bytes
        index = start.index
        line = start.line
        lineStart = start.lineStart
    }

    /// Finds where each element of a top-level array starts, without parsing them, so that they can be
    /// parsed in parallel. Only the framing is checked (brackets, strings, commas); nil when it is not
    /// that of an array, and the caller parses in order, which says what is wrong and where.
    public static func elementStarts(_ bytes: [UInt8]) -> [ElementStart]? {
        bytes.withUnsafeBufferPointer { buffer -> [ElementStart]? in
            var index = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var line = 1, lineStart = 0
            var starts: [ElementStart] = []
            func skipSpace() {
                while index < buffer.count {
                    switch buffer[index] {
                    case 0x20, 0x09, 0x0D: index += 1
                    case 0x0A: index += 1; line += 1; lineStart = index
                    default: return
                    }
                }
            }
            skipSpace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: "[") else { return nil }
            index += 1
            var depth = 0, expecting = true, inString = false
            while index < buffer.count {
                let byte = buffer[index]
                if inString {
                    if byte == UInt8(ascii: "\\") { index += 2; continue }
                    if byte == UInt8(ascii: "\"") { inString = false }
                    if byte == 0x0A { return nil }
                    index += 1
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0D: break
                case 0x0A: line += 1; lineStart = index + 1
                case UInt8(ascii: ","):
                    if depth == 0 { guard !expecting else { return nil }; expecting = true }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 {
                        guard byte == UInt8(ascii: "]"), !expecting || starts.isEmpty else { return nil }
                        index += 1
                        skipSpace()
                        return index == buffer.count ? starts : nil
                    }
                    depth -= 1
                default:
                    if depth == 0 {
                        guard expecting else { return nil }
                        starts.append(ElementStart(index: index, line: line, lineStart: lineStart))
                        expecting = false
                    }
                    if byte == UInt8(ascii: "\"") { inString = true }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                }
                index += 1
            }
            return nil
        }
    }

    /// Parses the one element this parser was started at, and checks that a ',' or the closing ']'
    /// follows it.
    mutating func parseElement() throws(JSONSyntaxError) -> JSONNode {
        let node = try parseValue()
        skipWhitespace()
        guard let next = peek(), next == UInt8(ascii: ",") || next == UInt8(ascii: "]") else {
            throw fail("expected ',' or ']' after an element")
        }
        return node
    }

    /// Parses one whole document.
    public mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        let node = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("expected end of file after the top-level value") }
        return node
    }

    /// Parses a document that must be an array, handing each element to `body` as soon as it is read.
    /// Returns the line and column of the opening bracket.
    public mutating func forEachElement(
        _ body: (JSONNode) throws -> Void
    ) throws -> (line: Int, count: Int) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
            throw fail("expected '[' opening an array of records")
        }
        let openLine = line
        index += 1
        skipWhitespace()
        var count = 0
        if peek() == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                let element = try parseValue()
                try body(element)
                count += 1
                skipWhitespace()
                guard let next = peek() else { throw fail("expected ',' or ']' but the file ended") }
                index += 1
                if next == UInt8(ascii: "]") { break }
                guard next == UInt8(ascii: ",") else { index -= 1; throw fail("expected ',' or ']' after an element") }
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw fail("expected end of file after the array") }
        return (openLine, count)
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func fail(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let startLine = line, startColumn = column
        guard let byte = peek() else { throw fail("expected a value but the file ended") }
        let value: JSONNode.Value
        switch byte {
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
        default: throw fail("expected a value (object, array, string, number, true, false or null)")
        }
        return JSONNode(value: value, line: startLine, column: startColumn)
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a quoted member name") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw fail("expected ':' after member name \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, node: try parseValue()))
            skipWhitespace()
            guard let next = peek() else { throw fail("expected ',' or '}' but the file ended") }
            if next == UInt8(ascii: "}") { index += 1; return .object(members) }
            guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '}' after a member") }
            index += 1
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard let next = peek() else { throw fail("expected ',' or ']' but the file ended") }
            if next == UInt8(ascii: "]") { index += 1; return .array(elements) }
            guard next == UInt8(ascii: ",") else { throw fail("expected ',' or ']' after an element") }
            index += 1
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw fail("expected '\(literal)'") }
        index += count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode.Value {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), first >= 0x30, first <= 0x39 else { throw fail("expected a digit") }
        index += 1
        if first != 0x30 { while let d = peek(), d >= 0x30, d <= 0x39 { index += 1 } }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let d = peek(), d >= 0x30, d <= 0x39 else { throw fail("expected a digit after '.'") }
            while let d = peek(), d >= 0x30, d <= 0x39 { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let d = peek(), d >= 0x30, d <= 0x39 else { throw fail("expected a digit in the exponent") }
            while let d = peek(), d >= 0x30, d <= 0x39 { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text) else { throw fail("number out of range") }
        return .number(number)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = bytes[start..<index]
                index += 1
                guard let text = String(validating: slice, as: UTF8.self) else {
                    index = start
                    throw fail("invalid UTF-8 in a string")
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("control character in a string (escape it, e.g. \\n)") }
            index += 1
        }
        var buffer = [UInt8](bytes[start..<index])
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if byte < 0x20 { throw fail("control character in a string (escape it, e.g. \\n)") }
            if byte != UInt8(ascii: "\\") { buffer.append(byte); index += 1; continue }
            index += 1
            guard let escape = peek() else { throw fail("unterminated escape") }
            index += 1
            switch escape {
            case UInt8(ascii: "\""): buffer.append(0x22)
            case UInt8(ascii: "\\"): buffer.append(0x5C)
            case UInt8(ascii: "/"): buffer.append(0x2F)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail("unpaired surrogate \\u escape") }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw fail("unpaired surrogate \\u escape")
                }
                buffer.append(contentsOf: String(Character(Unicode.Scalar(code)!)).utf8)
            default: throw fail("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
        }
        guard let text = String(validating: buffer, as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
        return text
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("expected four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
