/// One collection as read from the content folder, validated, before any modelling.
public struct LoadedCollection: Sendable {
    public var records: [Record]
    public var notes: [Note]
    /// The records file, for messages.
    public var file: String
    /// The columns of a CSV or TSV header, or of a SQLite query, that site.yml does not declare: not read,
    /// and listed by `--stats`.
    public var undeclaredColumns: [String] = []
    /// By language id: titles from its translation file (`translations:`), by record key.
    public var translatedTitles: [String: [String: String]] = [:]
    /// By language id: the notes written in it (`<notes>/<id>/<key>.md`).
    public var translatedNotes: [String: [Note]] = [:]

    public init(records: [Record], notes: [Note], file: String) {
        self.records = records
        self.notes = notes
        self.file = file
    }
}
