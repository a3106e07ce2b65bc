import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// The one scanner under the JSON parser, the record reader and the manifest's line reader.
@Suite struct ByteCursorTests {
    /// Runs `body` on a cursor over the UTF-8 of `text`.
    func withCursor<T>(_ text: String, _ body: (inout ByteCursor) throws -> T) rethrows -> T {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            var cursor = ByteCursor(buffer)
            return try body(&cursor)
        }
    }

    @Test func takesBytesAndLiteralsWholeOrNotAtAll() {
        withCursor("nulL") { cursor in
            let tookNull = cursor.take("null")
            #expect(!tookNull && cursor.index == 0, "a literal that does not match takes nothing")
            let tookAll = cursor.take("nul") && cursor.take(UInt8(ascii: "L"))
            #expect(tookAll && cursor.isAtEnd)
            let tookPastEnd = cursor.take(UInt8(ascii: "x"))
            #expect(cursor.peek == nil && !tookPastEnd)
        }
        withCursor("  }") { cursor in
            #expect(!cursor.isExactly("}"))
            let tookSpaces = cursor.take("  ")
            #expect(tookSpaces && cursor.isExactly("}"))
        }
    }

    @Test func whitespaceCountsLinesAndColumns() {
        withCursor("\u{FEFF} \r\n\t\n  x") { cursor in
            cursor.skipByteOrderMark()
            #expect(cursor.index == 3)
            cursor.skipWhitespace()
            #expect(cursor.peek == UInt8(ascii: "x") && cursor.line == 3 && cursor.column == 3)
        }
    }

    @Test func plainStringsStopAtEscapesAndControlCharactersAndTakeNothing() {
        withCursor(#""abc" "a\"b" "#) { cursor in
            let range = cursor.plainString()
            #expect(range == 1..<4 && cursor.text(range!) == "abc" && cursor.index == 5)
            cursor.skipWhitespace()
            let before = cursor.index
            let escaped = cursor.plainString()
            #expect(escaped == nil && cursor.index == before, "an escape leaves the string to the general way")
            let skipped = cursor.skipString()
            #expect(skipped && cursor.peek == UInt8(ascii: " "), "skipString passes over escapes")
        }
        withCursor("\"a\tb\"") { cursor in
            let range = cursor.plainString()
            #expect(range == nil, "a control character is for the general way to report")
        }
        withCursor("\"abc") { cursor in
            let range = cursor.plainString()
            #expect(range == nil && cursor.index == 0)
        }
        withCursor("\"a\nb\"") { cursor in
            let skipped = cursor.skipString()
            #expect(!skipped, "a line feed ends a string that was never closed")
        }
        Array("\"\u{FF}\"".utf8 + [0xFF]).withUnsafeBufferPointer { buffer in
            var cursor = ByteCursor(UnsafeBufferPointer(rebasing: buffer[0..<4]))
            let range = cursor.plainString()
            #expect(range != nil && cursor.text(range!) == "\u{FF}")
        }
        [UInt8(ascii: "\""), 0xC3, UInt8(ascii: "\"")].withUnsafeBufferPointer { buffer in
            var cursor = ByteCursor(buffer)
            let range = cursor.plainString()
            #expect(range != nil && cursor.text(range!) == nil, "invalid UTF-8 is no text")
        }
    }

    @Test(arguments: [
        ("0", true, 0 as Int?), ("-12", true, -12), ("123456789012345678", true, 123_456_789_012_345_678),
        ("1234567890123456789", true, nil), ("1.5", false, nil), ("-0e+3", false, nil), ("2E9", false, nil),
    ])
    func numbersInJSONsGrammar(text: String, isInteger: Bool, small: Int?) throws {
        try withCursor(text + ",") { cursor in
            let number = try cursor.number()
            #expect(
                number.range == 0..<text.utf8.count && number.isInteger == isInteger && number.smallInteger == small)
            #expect(cursor.peek == UInt8(ascii: ","))
        }
    }

    @Test(arguments: [
        ("-", "expected a digit", 1), ("1.", "after '.'", 2), ("1e+", "in the exponent", 3),
        ("x", "expected a digit", 0),
    ])
    func malformedNumbersSayWhatAndWhere(text: String, message: String, stoppedAt: Int) {
        withCursor(text) { cursor in
            var problem: ByteCursor.NotANumber?
            do throws(ByteCursor.NotANumber) { _ = try cursor.number() } catch { problem = error }
            #expect(problem?.message.contains(message) == true)
            #expect(cursor.index == stoppedAt)
        }
        withCursor("01") { cursor in
            let number = try? cursor.number()
            #expect(number?.range == 0..<1, "a leading zero ends the number, as JSON has it")
        }
    }

    @Test func linesOneAtATime() {
        withCursor("{\n  \"a\": 1\n\n}") { cursor in
            var lines: [String] = []
            while let range = cursor.nextLine() { lines.append(cursor.text(range)!) }
            #expect(lines == ["{", "  \"a\": 1", "", "}"])
            #expect(cursor.line == 4)
        }
        withCursor("a\n") { cursor in
            let first = cursor.nextLine(), second = cursor.nextLine()
            #expect(first == 0..<1 && second == nil, "a final line feed starts no line")
        }
    }
}
