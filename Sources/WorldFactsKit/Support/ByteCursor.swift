/// A position in UTF-8 bytes and the line it is on: the one scanner under every reader of bytes (the
/// JSON parser, its element finder, the direct record reader and the manifest's line reader), with one
/// grammar for whitespace, plain strings and numbers. In the manner of Ink's `Reader`: small reads that
/// either take what they expect and move on, or leave the position where it was.
///
/// SAFETY: it reads through a pointer into bytes someone else holds. Make it only where they are kept
/// alive and unchanged for as long as it is used (`Array.withCursor`), and let it not outlive that call.
/// Every read checks its index against `bytes.count` first.
///
/// Everything is `@inlinable`: the readers in other modules call these in their innermost loops.
public struct ByteCursor {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    public var index: Int
    /// The 1-based line of `index`, as far as `skipWhitespace` and `nextLine` have counted.
    public var line: Int
    /// Where the line of `index` starts.
    public var lineStart: Int

    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0, line: Int = 1, lineStart: Int = 0) {
        self.bytes = bytes
        self.index = index
        self.line = line
        self.lineStart = lineStart
    }

    /// The 1-based column of `index` on its line, in bytes.
    @inlinable public var column: Int { index - lineStart + 1 }

    @inlinable public var isAtEnd: Bool { index >= bytes.count }

    /// The byte at the position; nil at the end.
    @inlinable public var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte `offset` bytes after the position; nil past the end.
    @inlinable
    public func peek(ahead offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    @inlinable
    public mutating func advance(by count: Int = 1) { index += count }

    /// Takes `byte` if it is next.
    @inlinable
    public mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Takes `literal` if all of it is next; otherwise takes nothing.
    @inlinable
    public mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        index += count
        return true
    }

    /// True when the bytes from the position to the end are `literal`, no more and no less.
    @inlinable
    public func isExactly(_ literal: StaticString) -> Bool {
        var rest = self
        return rest.take(literal) && rest.isAtEnd
    }

    /// Skips a UTF-8 byte-order mark at the position.
    @inlinable
    public mutating func skipByteOrderMark() {
        if peek == 0xEF, peek(ahead: 1) == 0xBB, peek(ahead: 2) == 0xBF { index += 3 }
    }

    /// Skips JSON's whitespace (space, tab, carriage return, line feed), counting lines.
    @inlinable
    public mutating func skipWhitespace() {
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

    /// The bytes between a quote at the position and the next quote, when there is no backslash or
    /// control character between them (a JSON string without escapes), and moves past the closing
    /// quote; otherwise nil, and the position is where it was.
    @inlinable
    public mutating func plainString() -> Range<Int>? {
        guard peek == UInt8(ascii: "\"") else { return nil }
        var end = index + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                defer { index = end + 1 }
                return (index + 1)..<end
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    /// Moves past a JSON string at the position, escapes and all, without decoding or checking them:
    /// false, with the position where it stopped, at a line feed or the end.
    @inlinable
    public mutating func skipString() -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return true
            case 0x0A: return false
            default: index += 1
            }
        }
        return false
    }

    /// A JSON number's extent (RFC 8259's grammar) and whether it is an integer (no fraction or exponent).
    public struct Number {
        public var range: Range<Int>
        public var isInteger: Bool
        /// The integer's value when it has at most 18 digits, which always fit; nil otherwise.
        public var smallInteger: Int?

        @inlinable
        public init(range: Range<Int>, isInteger: Bool, smallInteger: Int?) {
            self.range = range
            self.isInteger = isInteger
            self.smallInteger = smallInteger
        }
    }

    /// Why the bytes at the position are not a number.
    public struct NotANumber: Error {
        public var message: String

        @inlinable public init(message: String) { self.message = message }
    }

    /// Reads a number in JSON's grammar. On failure the position is at the byte that broke it.
    @inlinable
    public mutating func number() throws(NotANumber) -> Number {
        let start = index
        let negative = take(UInt8(ascii: "-"))
        guard let first = peek, Self.isDigit(first) else { throw NotANumber(message: "expected a digit") }
        var magnitude = 0
        var digits = 0
        if first == UInt8(ascii: "0") {
            index += 1
            digits = 1
        } else {
            while let digit = peek, Self.isDigit(digit) {
                magnitude = magnitude &* 10 &+ Int(digit &- UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
        }
        var isInteger = true
        if take(UInt8(ascii: ".")) {
            isInteger = false
            guard skipDigits() else { throw NotANumber(message: "expected a digit after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { throw NotANumber(message: "expected a digit in the exponent") }
        }
        let small = isInteger && digits <= 18 ? (negative ? -magnitude : magnitude) : nil
        return Number(range: start..<index, isInteger: isInteger, smallInteger: small)
    }

    /// Skips one or more digits; false when there is none.
    @inlinable
    mutating func skipDigits() -> Bool {
        guard let digit = peek, Self.isDigit(digit) else { return false }
        while let digit = peek, Self.isDigit(digit) { index += 1 }
        return true
    }

    @inlinable
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The rest of the line (without its line feed), moving to the start of the next one; nil at the end.
    @inlinable
    public mutating func nextLine() -> Range<Int>? {
        guard index < bytes.count else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        let end = index
        if index < bytes.count {
            index += 1
            line += 1
            lineStart = index
        }
        return start..<end
    }

    /// How many bytes the cursor reads.
    @inlinable public var count: Int { bytes.count }

    /// A cursor over `range` of these bytes alone, at its start: its indices count from `range.lowerBound`.
    @inlinable
    public func cursor(over range: Range<Int>) -> ByteCursor { ByteCursor(self[range]) }

    /// Whether the bytes of `range` are `other`.
    @inlinable
    public func bytes(_ range: Range<Int>, equal other: [UInt8]) -> Bool {
        range.count == other.count && self[range].elementsEqual(other)
    }

    /// Whether `byte` is in `range`.
    @inlinable
    public func contains(_ byte: UInt8, in range: Range<Int>) -> Bool { self[range].contains(byte) }

    /// The bytes of `range`, without copying (for Support's readers; others ask for what they need).
    @inlinable
    package subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// The bytes of `range` as a new array.
    @inlinable
    public func array(_ range: Range<Int>) -> [UInt8] { Array(self[range]) }

    /// The bytes of `range` as text, decoded as `String(decoding:as:)` does (bad UTF-8 repaired).
    @inlinable
    public func decoded(_ range: Range<Int>) -> String { String(decoding: self[range], as: UTF8.self) }

    /// The bytes of `range` as text, checked to be UTF-8; nil if they are not.
    @inlinable
    public func text(_ range: Range<Int>) -> String? {
        let slice = self[range]
        if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
        return String(validating: slice, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with a cursor over the array's bytes, at `index`; the cursor must not outlive the call.
    @inlinable
    public func withCursor<Result>(at index: Int = 0, _ body: (inout ByteCursor) throws -> Result) rethrows -> Result {
        // SAFETY: the array's storage is kept alive and unchanged for the call, and the cursor is the
        // closure's only.
        try withUnsafeBufferPointer { buffer in
            var cursor = ByteCursor(buffer, at: index)
            return try body(&cursor)
        }
    }
}
