public struct RecordsSpec: Sendable {
    /// The records file, relative to the content folder: a JSON array of objects.
    public var file: String
    public var keyField: String
    public var titleField: String
    /// The output folder of the record pages ("countries").
    public var pagesFolder: String
    /// The notes folder, relative to the content folder; notes are `<key>.md`.
    public var notesFolder: String

    public init(file: String, keyField: String, titleField: String, pagesFolder: String, notesFolder: String) {
        self.file = file
        self.keyField = keyField
        self.titleField = titleField
        self.pagesFolder = pagesFolder
        self.notesFolder = notesFolder
    }
}
