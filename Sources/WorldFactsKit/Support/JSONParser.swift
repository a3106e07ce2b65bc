import Algorithms

/// A strict RFC 8259 parser over UTF-8 bytes that keeps each value's line and column, on a `ByteCursor`.
/// `forEachElement` streams the elements of a top-level array one at a time, so a large records file
/// never becomes one big tree; `elementStarts` finds them without parsing, so they can be parsed in
/// parallel (`parseElement`).
///
/// SAFETY: every parse reads its bytes through a `ByteCursor` made inside the array's
/// `withUnsafeBufferPointer`, and no cursor, scan or node keeps a pointer past that call: what a parse
/// keeps of the bytes (a `Resume`, an `ElementStart`) is offsets, checked against the bytes when used.
public struct JSONParser {
    private var cursor: ByteCursor
    private var depth = 0
    static let maximumDepth = 512

    private init(_ cursor: ByteCursor) { self.cursor = cursor }

    /// Parses one whole document.
    public static func parseDocument(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONNode in
            var parser = JSONParser(ByteCursor(buffer))
            parser.cursor.skipByteOrderMark()
            parser.cursor.skipWhitespace()
            let node = try parser.parseValue()
            parser.cursor.skipWhitespace()
            guard parser.cursor.isAtEnd else { throw parser.fail("expected end of file after the top-level value") }
            return node
        }
    }

    /// Parses a document that must be an array, handing each element to `body` as soon as it is read.
    /// Returns the line of the opening bracket and the number of elements.
    public static func forEachElement(
        _ bytes: [UInt8], _ body: (JSONNode) -> Void
    ) throws(JSONSyntaxError) -> (line: Int, count: Int) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> (line: Int, count: Int) in
            var parser = JSONParser(ByteCursor(buffer))
            return try parser.forEachElement(body)
        }
    }

    private mutating func forEachElement(_ body: (JSONNode) -> Void) throws(JSONSyntaxError) -> (line: Int, count: Int)
    {
        cursor.skipByteOrderMark()
        cursor.skipWhitespace()
        guard cursor.peek == UInt8(ascii: "[") else { throw fail("expected '[' opening an array of records") }
        let openLine = cursor.line
        cursor.advance()
        var count = 0
        try items(closing: "]", each: "an element") { (parser) throws(JSONSyntaxError) in
            body(try parser.parseValue())
            count += 1
        }
        cursor.skipWhitespace()
        guard cursor.isAtEnd else { throw fail("expected end of file after the array") }
        return (openLine, count)
    }

    /// Where a top-level element starts: its byte offset, line, and the offset its line starts at.
    public struct ElementStart: Sendable {
        public var index: Int
        public var line: Int
        public var lineStart: Int

        public init(index: Int, line: Int, lineStart: Int) {
            self.index = index
            self.line = line
            self.lineStart = lineStart
        }
    }

    /// Finds where each element of a top-level array starts, without parsing them. Only the framing is
    /// checked (brackets, strings, commas); nil when it is not that of an array, and the caller parses
    /// in order, which says what is wrong and where.
    public static func elementStarts(_ bytes: [UInt8]) -> [ElementStart]? {
        elementStarts(bytes, resuming: nil)
    }

    /// Where an edited file's elements start, from those of the file before the edit (`old`, whose
    /// framing was that of an array): the new file's first `prefix` bytes are the old file's, and so are
    /// its bytes from `suffixStart` on, moved by `shift`. The scan starts at the last old element that
    /// starts within the shared start, and stops at the first element it finds where an old one starts
    /// in the shared end: from there on, the elements are the old ones, moved (the bytes are the same,
    /// and the scan is at an element start as the old one was). What `elementStarts(_:)` gives.
    public static func elementStarts(
        _ bytes: [UInt8], old: [ElementStart], prefix: Int, suffixStart: Int, shift: Int
    ) -> [ElementStart]? {
        let low = old.partitioningIndex { $0.index > prefix }
        guard low > 0 else { return elementStarts(bytes) }
        return elementStarts(bytes, resuming: Resume(old: old, at: low - 1, suffixStart: suffixStart, shift: shift))
    }

    /// Where a scan resumes (`old[at]`), and the old file's shared end.
    struct Resume {
        let old: [ElementStart]
        let at: Int
        let suffixStart: Int
        let shift: Int

        /// The old element that starts where the new file's element at `index` does, in the shared end.
        func shared(_ index: Int) -> Int? {
            guard index >= suffixStart else { return nil }
            let low = old[at...].partitioningIndex { $0.index >= index - shift }
            return low < old.count && old[low].index == index - shift ? low : nil
        }
    }

    private static func elementStarts(_ bytes: [UInt8], resuming resume: Resume?) -> [ElementStart]? {
        if resume == nil, bytes.count >= inTwoAbove, let split = split(bytes) {
            return elementStarts(bytes, split: split)
        }
        return bytes.withUnsafeBufferPointer { buffer -> [ElementStart]? in
            guard var scan = resume.map({ ElementScan(buffer, resuming: $0) }) ?? ElementScan(opening: buffer) else {
                return nil
            }
            return scan.run(until: buffer.count).starts
        }
    }

    /// A file this large is scanned in two parts at once (at `split`).
    static let inTwoAbove = 1 << 20

    /// Where a large file's second part starts: the first line after the middle that starts with a byte
    /// that is not whitespace. A JSON string holds no newline, so no string goes on across it; nil when
    /// there is no such line.
    static func split(_ bytes: [UInt8]) -> Int? {
        var index = bytes.count / 2
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A {
                switch bytes[index + 1] {
                case 0x20, 0x09, 0x0D, 0x0A: break
                default: return index + 1
                }
            }
            index += 1
        }
        return nil
    }

    /// `elementStarts` in two parts on two cores: the first from the opening bracket to `split`, the
    /// second from `split` as if it were between elements (after a comma). When the first part ends
    /// so (and found an element), the second part's starts follow its own, on their lines; otherwise
    /// the first part's scan goes on to the end, as a scan in one part does.
    static func elementStarts(_ bytes: [UInt8], split: Int) -> [ElementStart]? {
        let parts = Parallel.map(2) { part -> (state: ElementScan.State?, result: ElementScan.Result) in
            bytes.withUnsafeBufferPointer { buffer in
                if part == 0 {
                    guard var scan = ElementScan(opening: buffer) else { return (nil, .finished(nil)) }
                    let result = scan.run(until: split)
                    return (scan.state, result)
                }
                var scan = ElementScan(ByteCursor(buffer, at: split, line: 1, lineStart: split), foundBefore: true)
                return (scan.state, scan.run(until: buffer.count))
            }
        }
        guard let first = parts[0].state, case .paused = parts[0].result else { return parts[0].result.starts }
        guard first.index == split, first.depth == 0, first.expecting, !first.starts.isEmpty else {
            return bytes.withUnsafeBufferPointer { buffer in
                var scan = ElementScan(resuming: first, in: buffer)
                return scan.run(until: buffer.count).starts
            }
        }
        guard case .finished(let second?) = parts[1].result else { return nil }
        // The second part counted lines from 1 at `split`, and took `split` for the start of its first line.
        let lines = first.line - 1
        return first.starts
            + second.lazy.map {
                ElementStart(
                    index: $0.index, line: $0.line + lines,
                    lineStart: $0.lineStart == split ? first.lineStart : $0.lineStart)
            }
    }

    /// A scan for the starts of a top-level array's elements (`elementStarts`), up to a limit.
    struct ElementScan {
        var cursor: ByteCursor
        var depth = 0
        var expecting = true
        var starts: [ElementStart] = []
        /// Whether elements were found before where this scan started (it scans a file's second part).
        let foundBefore: Bool
        /// The old file's elements, for a scan of an edited file: where the shared end starts, they are
        /// taken from there, moved.
        private var resume: Resume? = nil

        /// Where a scan is, without its cursor's pointer: to hand between cores.
        struct State {
            var index: Int
            var line: Int
            var lineStart: Int
            var depth: Int
            var expecting: Bool
            var starts: [ElementStart]
        }

        enum Result {
            /// The starts, or nil when the framing is not an array's.
            case finished([ElementStart]?)
            /// The scan reached its limit.
            case paused

            /// The starts of a finished scan; nil when it paused or the framing is not an array's.
            var starts: [ElementStart]? {
                guard case .finished(let starts) = self else { return nil }
                return starts
            }
        }

        init(_ cursor: ByteCursor, foundBefore: Bool = false) {
            self.cursor = cursor
            self.foundBefore = foundBefore
        }

        /// A scan of a whole file, past its opening bracket; nil when it does not open with one.
        init?(opening buffer: UnsafeBufferPointer<UInt8>) {
            self.init(ByteCursor(buffer))
            cursor.skipByteOrderMark()
            cursor.skipWhitespace()
            guard cursor.take(UInt8(ascii: "[")) else { return nil }
        }

        /// A scan resumed from the last old element that starts within an edited file's shared start.
        init(_ buffer: UnsafeBufferPointer<UInt8>, resuming resume: Resume) {
            let start = resume.old[resume.at]
            self.init(ByteCursor(buffer, at: start.index, line: start.line, lineStart: start.lineStart))
            // Room for as many as the old file had, and a few more: grown from the kept ones, the
            // array was made three times over for an edit of one element.
            starts.reserveCapacity(resume.old.count + 64)
            starts += resume.old[..<resume.at]
            self.resume = resume
        }

        /// A scan that goes on from `state`.
        init(resuming state: State, in buffer: UnsafeBufferPointer<UInt8>) {
            self.init(ByteCursor(buffer, at: state.index, line: state.line, lineStart: state.lineStart))
            depth = state.depth
            expecting = state.expecting
            starts = state.starts
        }

        var state: State {
            State(
                index: cursor.index, line: cursor.line, lineStart: cursor.lineStart, depth: depth,
                expecting: expecting, starts: starts)
        }

        /// Scans until the file's end, or until the position reaches `limit`.
        mutating func run(until limit: Int) -> Result {
            while cursor.index < limit, let byte = cursor.peek {
                switch byte {
                case 0x20, 0x09, 0x0D, 0x0A:
                    cursor.skipWhitespace()
                    continue
                case UInt8(ascii: ","):
                    if depth == 0 {
                        guard !expecting else { return .finished(nil) }
                        expecting = true
                    }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 {
                        guard byte == UInt8(ascii: "]"), !expecting || (starts.isEmpty && !foundBefore) else {
                            return .finished(nil)
                        }
                        cursor.advance()
                        cursor.skipWhitespace()
                        return .finished(cursor.isAtEnd ? starts : nil)
                    }
                    depth -= 1
                default:
                    if depth == 0 {
                        guard expecting else { return .finished(nil) }
                        if let resume, let shared = resume.shared(cursor.index) {
                            // The rest are the old elements, moved: by `shift` bytes, and by as many lines
                            // as this one moved. One whose line starts after a shared newline keeps its
                            // line's start, moved; any other is on this element's line.
                            let lines = cursor.line - resume.old[shared].line
                            let sharedStart = resume.suffixStart - resume.shift
                            for element in resume.old[shared...] {
                                starts.append(
                                    ElementStart(
                                        index: element.index + resume.shift, line: element.line + lines,
                                        lineStart: element.lineStart > sharedStart
                                            ? element.lineStart + resume.shift : cursor.lineStart))
                            }
                            return .finished(starts)
                        }
                        starts.append(ElementStart(index: cursor.index, line: cursor.line, lineStart: cursor.lineStart))
                        expecting = false
                    }
                    if byte == UInt8(ascii: "\"") {
                        guard cursor.skipString() else { return .finished(nil) }
                        continue
                    }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                }
                cursor.advance()
            }
            return cursor.isAtEnd ? .finished(nil) : .paused
        }
    }

    /// Parses the one element at `start` (from `elementStarts`), and checks that a ',' or the closing ']'
    /// follows it.
    public static func parseElement(_ bytes: [UInt8], at start: ElementStart) throws(JSONSyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONNode in
            var parser = JSONParser(ByteCursor(buffer, at: start.index, line: start.line, lineStart: start.lineStart))
            let node = try parser.parseValue()
            parser.cursor.skipWhitespace()
            guard parser.cursor.peek == UInt8(ascii: ",") || parser.cursor.peek == UInt8(ascii: "]") else {
                throw parser.fail("expected ',' or ']' after an element")
            }
            return node
        }
    }

    private func fail(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: cursor.line, column: cursor.column, message: message)
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let startLine = cursor.line, startColumn = cursor.column
        guard let byte = cursor.peek else { throw fail("expected a value but the file ended") }
        let value: JSONNode.Value
        switch byte {
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); value = .bool(true)
        case UInt8(ascii: "f"): try expect("false"); value = .bool(false)
        case UInt8(ascii: "n"): try expect("null"); value = .null
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
        cursor.advance()
        var members: [JSONMember] = []
        try items(closing: "}", each: "a member") { (parser) throws(JSONSyntaxError) in
            guard parser.cursor.peek == UInt8(ascii: "\"") else { throw parser.fail("expected a quoted member name") }
            let key = try parser.parseString()
            parser.cursor.skipWhitespace()
            guard parser.cursor.take(UInt8(ascii: ":")) else {
                throw parser.fail("expected ':' after member name \"\(key)\"")
            }
            parser.cursor.skipWhitespace()
            members.append(JSONMember(key: key, node: try parser.parseValue()))
        }
        return .object(members)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        cursor.advance()
        var elements: [JSONNode] = []
        try items(closing: "]", each: "an element") { (parser) throws(JSONSyntaxError) in
            elements.append(try parser.parseValue())
        }
        return .array(elements)
    }

    /// The items of an array or an object whose opening bracket has been taken, up to and including
    /// the `closing` bracket: `item` reads one (from its first byte), and a comma stands between two.
    private mutating func items(
        closing: Unicode.Scalar, each what: String, _ item: (inout JSONParser) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        let close = UInt8(ascii: closing)
        cursor.skipWhitespace()
        if cursor.take(close) { return }
        while true {
            cursor.skipWhitespace()
            try item(&self)
            cursor.skipWhitespace()
            if cursor.take(close) { return }
            guard !cursor.isAtEnd else { throw fail("expected ',' or '\(closing)' but the file ended") }
            guard cursor.take(UInt8(ascii: ",")) else { throw fail("expected ',' or '\(closing)' after \(what)") }
        }
    }

    private mutating func expect(_ literal: StaticString) throws(JSONSyntaxError) {
        guard cursor.take(literal) else { throw fail("expected '\(literal)'") }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode.Value {
        let number: ByteCursor.Number
        do { number = try cursor.number() } catch { throw fail(error.message) }
        let text = String(decoding: cursor[number.range], as: UTF8.self)
        if number.isInteger, let integer = Int(text) { return .integer(integer) }
        guard let value = Double(text) else { throw fail("number out of range") }
        return .number(value)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = cursor.index
        if let plain = cursor.plainString() {
            guard let text = cursor.text(plain) else {
                cursor.index = start + 1
                throw fail("invalid UTF-8 in a string")
            }
            return text
        }
        cursor.advance()  // the opening quote
        var buffer: [UInt8] = []
        while true {
            guard let byte = cursor.peek else { throw fail("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                cursor.advance()
                break
            }
            if byte < 0x20 { throw fail("control character in a string (escape it, e.g. \\n)") }
            cursor.advance()
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                continue
            }
            guard let escape = cursor.peek else { throw fail("unterminated escape") }
            cursor.advance()
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
                    guard cursor.take("\\u") else { throw fail("unpaired surrogate \\u escape") }
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
        guard cursor.index + 4 <= cursor.bytes.count else { throw fail("expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = cursor.peek, let digit = Hex.value(of: byte) else {
                throw fail("expected four hex digits")
            }
            value = value << 4 | UInt32(digit)
            cursor.advance()
        }
        return value
    }
}
