/// A Markdown note as read from `<notes>/<name>.md`; the Model attaches it to the record it names.
public struct Note: Sendable, Hashable {
    /// File name without `.md`: a record key or slug.
    public var name: String
    public var file: String
    public var markdown: String
    /// In a language other than the default: the default language's note, shown for want of one in this
    /// language (`<notes>/<id>/<key>.md`), and marked as such on the page.
    public var isFallback = false

    public init(name: String, file: String, markdown: String) {
        self.name = name
        self.file = file
        self.markdown = markdown
    }
}
