import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct JSONParserTests {
    @Test func parsesValuesWithLines() throws {
        let root = try JSONParser.parseDocument(Array("[\n {\"a\": 1,\n  \"b\": \"x\\u00e9\\ud83d\\ude00\"}\n]".utf8))
        guard case .array(let items) = root.value, case .object(let members) = items[0].value else {
            Issue.record("expected an array of objects"); return
        }
        #expect(items[0].line == 2)
        #expect(members[1].node.line == 3)
        guard case .string(let text) = members[1].node.value else { Issue.record("expected a string"); return }
        #expect(text == "xé😀")
    }

    @Test(arguments: [
        ("[1,]", 1, "expected a value"),
        ("[\n{\"a\" 1}]", 2, "expected ':'"),
        ("[\"abc", 1, "unterminated"),
        ("[01]", 1, "expected ',' or ']'"),
        ("[1] x", 1, "expected end of file"),
        ("[\"\\ud800\"]", 1, "unpaired surrogate"),
    ])
    func reportsSyntaxErrors(input: String, line: Int, message: String) {
        #expect {
            _ = try JSONParser.parseDocument(Array(input.utf8))
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parseDocument([0x5B, 0x22, 0xFF, 0x22, 0x5D]) }
    }
}
