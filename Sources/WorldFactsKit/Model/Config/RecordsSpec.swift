public struct RecordsSpec: Sendable {
    /// The records file, relative to the content folder; its extension says how to read it.
    public var file: String
    /// For a SQLite file: the query whose rows are the records.
    public var query: String?
    public var keyField: String
    public var titleField: String
    /// The output folder of the record pages ("countries").
    public var pagesFolder: String
    /// The notes folder, relative to the content folder; notes are `<key>.md`.
    public var notesFolder: String

    public init(
        file: String, query: String? = nil, keyField: String, titleField: String, pagesFolder: String,
        notesFolder: String
    ) {
        self.file = file
        self.query = query
        self.keyField = keyField
        self.titleField = titleField
        self.pagesFolder = pagesFolder
        self.notesFolder = notesFolder
    }
}
