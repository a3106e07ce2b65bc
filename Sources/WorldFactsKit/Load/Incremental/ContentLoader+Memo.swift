import WorldFactsModel
import WorldFactsSupport

/// The load of a folder loaded before (a live build, or one from the last build's snapshot): each JSON,
/// CSV or TSV records file starts from the last load's memo of it and reads only the records whose bytes
/// changed (`RecordsLoader.load(bytes:memo:)`). The content is what `load()` gives.
extension ContentLoader {
    /// What a load leaves for the next load of the same folder in a live build: for each JSON, CSV or TSV
    /// records file, its bytes and records (`JSONRecordsMemo`, `DelimitedRecordsMemo`), so that an edit
    /// reads only the records it changed.
    public struct Memo: Sendable {
        var json: [String: JSONRecordsMemo] = [:]
        var delimited: [String: DelimitedRecordsMemo] = [:]
        /// site.yml as read: its file and text, and what they gave. Parsing and checking it is a good part
        /// of a small edit's load.
        var config: (file: String, text: String, read: (SiteConfig?, [Diagnostic]))?
        /// By file, each language's texts as read, from the config above.
        var languageTexts: [String: (text: String, read: (LanguageTexts, [Diagnostic]))] = [:]
        /// By file, each translation file of titles as read, with the keys of its collection's records then.
        var titles: [String: (file: TitleTranslations.File, text: String, read: ([String: String], [Diagnostic]))] = [:]

        public init() {}

        /// Starts copying each memo's records, for the next load to splice an edit into (`PreparedCopy`): in
        /// `watch`, once a build is done.
        public func prepareCopies() {
            for memo in json.values { memo.prepared.make(copying: memo.records) }
            for memo in delimited.values { memo.prepared.make(copying: memo.records) }
        }
    }

    /// `load()`, keeping the records of `memo` whose bytes are unchanged; gives what the next load can
    /// keep (`memo` empty: a first load that keeps it).
    public func load(memo: Memo) throws(StageFailure) -> (content: Content, memo: Memo) {
        let reading = MemoReading(last: memo)
        let content = try load(reading: reading)
        return (content, reading.kept)
    }
}

/// The reading of a load from a memo: each file's records kept from `last` where their bytes are
/// unchanged, and what the next load can keep gathered in `kept`, file by file (the load reads its
/// collections one after another).
private final class MemoReading: ContentReading {
    let last: ContentLoader.Memo
    var kept = ContentLoader.Memo()
    /// Whether this load's config is the last one's (`config`).
    private var configKept = false

    init(last: ContentLoader.Memo) { self.last = last }

    func records(_ loader: RecordsLoader, path: String, json bytes: [UInt8]) -> ([Record], [Diagnostic]) {
        let key = Self.key(loader, path)
        let (records, problems, next) = loader.load(bytes: bytes, memo: last.json[key])
        kept.json[key] = next
        return (records, problems)
    }

    func records(_ loader: RecordsLoader, path: String, delimited source: DelimitedSource) -> ([Record], [Diagnostic]) {
        let key = Self.key(loader, path)
        let (records, problems, next) = loader.load(delimited: source, memo: last.delimited[key])
        kept.delimited[key] = next
        return (records, problems)
    }

    /// A file's memo is kept under its path and the declaration that read it: a record's values are by
    /// field position, so a memo read under another declaration (a field added in site.yml) holds other
    /// records, and is not one to keep from.
    private static func key(_ loader: RecordsLoader, _ path: String) -> String {
        let collection = loader.collection
        return path + "\n"
            + String(reflecting: (collection.records.keyField, collection.records.titleField, collection.fields))
    }

    /// The last config, when site.yml is the same file of the same bytes (`SiteConfigLoader` reads nothing
    /// else); else read.
    func config(_ reader: SiteConfigLoader, text: String) -> (SiteConfig?, [Diagnostic]) {
        let lastRead = last.config.flatMap { $0.file == reader.file && $0.text.hasSameBytes(as: text) ? $0.read : nil }
        configKept = lastRead != nil
        let read = lastRead ?? reader.load(text: text)
        kept.config = (reader.file, text, read)
        return read
    }

    /// The language's last texts, when its file has the same bytes and the config was kept too (the
    /// reader checks the file against the config); else read.
    func languageTexts(_ reader: LanguageTextsReader, text: String) -> (LanguageTexts, [Diagnostic]) {
        let read =
            configKept
            ? last.languageTexts[reader.file].flatMap { $0.text.hasSameBytes(as: text) ? $0.read : nil } : nil
        let texts = read ?? reader.read(text: text)
        kept.languageTexts[reader.file] = (text, texts)
        return texts
    }

    /// The titles of a translation file as last read, when it has the same bytes and its collection the
    /// same keys (which decide what it warns of); else read.
    func titles(_ file: TitleTranslations.File, text: String) -> (titles: [String: String], problems: [Diagnostic]) {
        let read =
            last.titles[file.path].flatMap { $0.file == file && $0.text.hasSameBytes(as: text) ? $0.read : nil }
            ?? file.read(text)
        kept.titles[file.path] = (file, text, read)
        return read
    }
}
