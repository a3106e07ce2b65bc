import WorldFactsSupport

/// `.jsonl` and `.ndjson`: one JSON value per line; blank lines are skipped.
struct JSONLinesSource: RecordSource {
    let bytes: [UInt8]

    func forEachRecord(_ body: (JSONNode) -> Void) throws(SourceError) -> Int {
        var count = 0, line = 1, start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let text = Array(bytes[start..<end])
            if text.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                do throws(JSONSyntaxError) {
                    body(Self.onLine(try JSONParser.parseDocument(text), line))
                    count += 1
                } catch {
                    throw SourceError(line: line, column: error.column, message: "malformed JSON: \(error.message)")
                }
            }
            line += 1
            start = end + 1
        }
        return count
    }

    /// The node with every line number moved to the file's line (the parser counted from 1).
    static func onLine(_ node: JSONNode, _ line: Int) -> JSONNode {
        var node = node
        node.line = line
        switch node.value {
        case .array(let items): node.value = .array(items.map { onLine($0, line) })
        case .object(let members):
            node.value = .object(members.map { JSONMember(key: $0.key, node: onLine($0.node, line)) })
        default: break
        }
        return node
    }
}
