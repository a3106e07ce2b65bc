import WorldFactsSupport

/// `.json`: an array of objects, streamed element by element.
struct JSONArraySource: RecordSource {
    let bytes: [UInt8]

    func forEachRecord(_ body: (JSONNode) -> Void) throws(SourceError) -> Int {
        do throws(JSONSyntaxError) {
            return try JSONParser.forEachElement(bytes, body).count
        } catch {
            throw SourceError(line: error.line, column: error.column, message: "malformed JSON: \(error.message)")
        }
    }
}
