import WorldFactsModel
import WorldFactsMustache

/// What a page of a site with a base URL (`url:`, `--base-url`) says of itself in its head: its
/// canonical address, its name and description for link previews (Open Graph, Twitter cards), and its
/// JSON-LD. The layout shows them under `canonical`, `pageName`, `description` and `structuredData`;
/// without a base URL none of these is written, and the pages are what they were.
struct WebHead: Sendable {
    let url: BaseURL

    /// The longest description written, in characters: previews show about this much.
    static let descriptionLength = 300

    func write<Writer: ContextWriter>(
        path: String, name: String, description: String?, structuredData: String?, into writer: inout Writer
    ) {
        writer.text("canonical", url.address(of: path))
        writer.text("pageName", name)
        if let description = description.flatMap(Self.shortened) { writer.text("description", description) }
        if let structuredData { writer.text("structuredData", structuredData) }
    }

    /// A description on one line, cut at a word to at most `descriptionLength` characters, with "…" where
    /// it was cut; nil when nothing is left.
    static func shortened(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        guard !words.isEmpty else { return nil }
        var result = ""
        for word in words {
            let added = (result.isEmpty ? 0 : 1) + word.count
            if result.count + added > descriptionLength - 1 {
                if result.isEmpty { result = String(word.prefix(descriptionLength - 1)) }
                return result + "…"
            }
            if !result.isEmpty { result += " " }
            result += word
        }
        return result
    }
}
