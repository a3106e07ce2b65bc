import Testing

@testable import WorldFactsRender
@testable import WorldFactsTestSupport

/// The search script is published without its comment lines, its empty lines and its indentation, and nothing
/// else changes.
@Suite struct ScriptCommentsTests {
    func stripped(_ text: String) -> String {
        String(decoding: ScriptComments.stripped(Array(text.utf8)), as: UTF8.self)
    }

    @Test func commentLinesAndTheOpeningBlockGo() {
        let script = """
            /* The header,
               on two lines. */
            (function () {
              // why
                \t// indented
              var a = "x"; // a comment after code stays
              var url = "http://example.org/"; // as does a string with slashes

            	
            })();
            /* a block comment later stays */

            """
        #expect(
            stripped(script) == """
                (function () {
                var a = "x"; // a comment after code stays
                var url = "http://example.org/"; // as does a string with slashes
                })();
                /* a block comment later stays */

                """)
    }

    @Test func codeAfterTheOpeningBlockOnItsLineStays() {
        #expect(stripped("/* one */ var a = 1;\n// gone\n  b();") == " var a = 1;\nb();")
        #expect(stripped("/* open\nstill */\nx();") == "x();")
    }

    @Test func aScriptWithoutCommentsOrIndentationIsUnchanged() {
        for text in ["", "x();", "x();\r\ny();\r\n", "a\nb\n", "var s = '/* not */';\n", "/* unclosed\nx();"] {
            let expected = text.hasPrefix("/* unclosed") ? "" : text
            #expect(stripped(text) == expected, "\(text.debugDescription)")
        }
        #expect(stripped("a\n\n \t\nb\n\r\n") == "a\nb\n")
    }
}
