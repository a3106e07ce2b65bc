import Algorithms
import WorldFactsModel
import WorldFactsSupport

/// Reads site.yml, the records file and the notes. I/O goes through `FileSystem`; every problem
/// becomes a diagnostic, and any error stops the build before anything is written.
public struct ContentLoader {
    public var fileSystem: FileSystem
    public var folder: String

    public init(folder: String, fileSystem: FileSystem = .disk) {
        self.folder = folder
        self.fileSystem = fileSystem
    }

    /// Every file of the folder read whole: the clean load.
    public func load() throws(StageFailure) -> Content {
        try load(reading: WholeReading())
    }

    /// The load, with each JSON, CSV or TSV records file's bytes made records by `reading`: read whole, or,
    /// in a load that starts from the last one's memo (`load(memo:)`), kept where their bytes are unchanged.
    func load(reading: some ContentReading) throws(StageFailure) -> Content {
        let configPath = joinPath(folder, "site.yml")
        guard fileSystem.exists(configPath) else {
            throw fail([
                .error(
                    SourceLocation(file: configPath),
                    "missing: the content folder needs a site.yml describing the site and its records")
            ])
        }
        let configText = try readText(configPath)
        let (loadedConfig, configDiagnostics) = reading.config(SiteConfigLoader(file: configPath), text: configText)
        guard var config = loadedConfig, configDiagnostics.errors.isEmpty else { throw fail(configDiagnostics) }
        if let offline = config.offline { config.offline = try checkedIcon(offline, configPath: configPath) }

        var collections: [LoadedCollection] = []
        var diagnostics = configDiagnostics
        for (number, spec) in config.collections.enumerated() {
            let (collection, problems) = try load(spec, sizeLimit: config.noteSizeLimit, reading: reading)
            collections.append(collection)
            diagnostics += problems
            if let lengths = ValueLengths(config: config, collection: number, file: collection.file) {
                diagnostics += lengths.problems(in: collection.records)
            }
        }
        let translations = TranslationsLoader(loader: self, config: config, reading: reading)
        let languageTexts = translations.load(into: &collections, &diagnostics)
        if !diagnostics.errors.isEmpty { throw fail(diagnostics) }
        var content = Content(config: config, collections: collections, warnings: diagnostics.warnings, folder: folder)
        content.languageTexts = languageTexts
        return content
    }

    /// The installable site's icon, read and checked: a square PNG of at least `OfflineSpec.iconMinimum`
    /// pixels, or an error naming `offline.icon`.
    func checkedIcon(_ offline: OfflineSpec, configPath: String) throws(StageFailure) -> OfflineSpec {
        guard let icon = offline.icon else { return offline }
        let location = SourceLocation(file: configPath)
        func problem(_ message: String) -> StageFailure {
            fail([.error(location, field: "offline.icon", message)])
        }
        guard let bytes = try? fileSystem.read(joinPath(folder, icon)) else {
            throw problem("missing: '\(icon)' in the content folder, the app's icon (a square PNG)")
        }
        guard let size = PNGSize.of(bytes) else { throw problem("expected a PNG, and '\(icon)' is not one") }
        guard size.width == size.height, size.width >= OfflineSpec.iconMinimum else {
            throw problem(
                "expected a square PNG of at least \(OfflineSpec.iconMinimum)×\(OfflineSpec.iconMinimum) pixels,"
                    + " and '\(icon)' is \(size.width)×\(size.height)")
        }
        var checked = offline
        checked.iconBytes = bytes
        checked.iconSize = size.width
        return checked
    }

    /// A collection's records, by its file's format, and its notes.
    private func load(
        _ spec: CollectionSpec, sizeLimit: Int, reading: some ContentReading
    ) throws(StageFailure) -> (LoadedCollection, [Diagnostic]) {
        let path = joinPath(folder, spec.records.file)
        guard fileSystem.exists(path) else {
            throw fail([
                .error(
                    SourceLocation(file: path),
                    "missing: site.yml names this records file (collection '\(spec.id)', file)")
            ])
        }
        guard let format = RecordsFormat(file: spec.records.file) else {
            throw fail([
                .error(
                    SourceLocation(file: path),
                    "cannot tell how to read this file; expected a name ending in \(RecordsFormat.extensions)")
            ])
        }
        let loader = RecordsLoader(collection: spec, file: path)
        let columns = DeclaredColumns(spec: spec, file: path)
        var records: ([Record], [Diagnostic])
        var undeclared: [String] = []
        switch format {
        case .json:
            let bytes = try readBytes(path)
            records = reading.records(loader, path: path, json: bytes)
            records = checked(records, columns) { DeclaredColumns.members(of: JSONArraySource(bytes: bytes)) }
        case .jsonLines:
            let source = JSONLinesSource(bytes: try readBytes(path))
            records = checked(loader.load(from: source), columns) { DeclaredColumns.members(of: source) }
        case .delimited(let separator):
            let source = DelimitedSource(bytes: try readBytes(path), separator: separator, type: loader.cellTyper())
            let header = (try? source.header())?.0.map(\.text)
            let problems = header.map { columns.problems(columns: $0, columnsAre: "the header has") }
            undeclared = header.map(columns.undeclared) ?? []
            if let problems, !problems.isEmpty {
                records = ([], problems)
            } else {
                records = reading.records(loader, path: path, delimited: source)
            }
        case .sqlite:
            let source = SQLiteSource(path: path, query: spec.records.query ?? "", type: loader.cellTyper())
            let names = try? source.columns()
            let problems = names.map { columns.problems(columns: $0, columnsAre: "the query gives", line: nil) }
            undeclared = names.map(columns.undeclared) ?? []
            if let problems, !problems.isEmpty {
                records = ([], problems)
            } else {
                records = loader.load(from: source)
            }
        }
        let (notes, noteDiagnostics) = loadNotes(spec, sizeLimit: sizeLimit)
        var collection = LoadedCollection(records: records.0, notes: notes, file: path)
        collection.undeclaredColumns = undeclared
        return (collection, records.1 + noteDiagnostics)
    }

    /// A JSON or JSON Lines file's records, checked against the names it declares. JSON records are
    /// sparse: a member that no record has yet may be meant, so a declared name that no record has is a
    /// warning; it is an error, in place of what the records gave, when a member near it is there (a typo:
    /// `parnet` for `parent`), or when it is the key or the title. `members` reads the names the records
    /// have: only then, as it reads the file again.
    private func checked(
        _ records: ([Record], [Diagnostic]), _ columns: DeclaredColumns, members: () -> [String]
    ) -> ([Record], [Diagnostic]) {
        let fields = columns.spec.fields.indices
        let unseen = fields.filter { field in !records.0.contains { $0.values[field] != .missing } }
        // A file that could not be read to its end (malformed JSON) has its own error, at its place.
        let unreadable = records.1.contains { $0.severity == .error && $0.record == nil }
        guard !unreadable, records.0.isEmpty || !unseen.isEmpty else { return records }
        let found = members()
        let problems = columns.problems(columns: found, columnsAre: "the records have")
        let (errors, warnings) = problems.partitioned { (problem: Diagnostic) -> Bool in
            let roles = [columns.spec.records.keyField, columns.spec.records.titleField]
            return !roles.contains(problem.field ?? "") && !problem.message.contains("did you mean")
        }
        guard errors.isEmpty else { return ([], errors) }
        return (
            records.0,
            records.1
                + warnings.map { problem in
                    var warning = problem
                    warning.severity = .warning
                    warning.message = "no record has this member; the records have " + DeclaredColumns.list(found)
                    return warning
                }
        )
    }

    func fail(_ diagnostics: [Diagnostic]) -> StageFailure {
        StageFailure(diagnostics.errors + diagnostics.warnings)
    }

    func readBytes(_ path: String) throws(StageFailure) -> [UInt8] {
        do { return try fileSystem.read(path) } catch {
            throw fail([.error(SourceLocation(file: path), "cannot read: \(error)")])
        }
    }

    func readText(_ path: String) throws(StageFailure) -> String {
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw fail([
                .error(
                    SourceLocation(file: path, line: Self.lineOfFirstInvalidByte(bytes)),
                    "invalid UTF-8; expected a UTF-8 text file")
            ])
        }
        return text
    }

    /// The notes of `spec`'s folder, or of its subfolder `language` (`<notes>/<id>/`).
    func loadNotes(_ spec: CollectionSpec, sizeLimit: Int, language: String? = nil) -> ([Note], [Diagnostic]) {
        let notesFolder = joinPath(folder, spec.records.notesFolder, language ?? "")
        guard fileSystem.isDirectory(notesFolder) else { return ([], []) }
        var notes: [Note] = []
        var diagnostics: [Diagnostic] = []
        let files: [String]
        do { files = try fileSystem.listFiles(notesFolder) } catch {
            return ([], [.error(SourceLocation(file: notesFolder), "cannot list notes: \(error)")])
        }
        for relative in files where relative.hasSuffix(".md") && !relative.contains("/") {
            let path = joinPath(notesFolder, relative)
            let bytes: [UInt8]
            do { bytes = try fileSystem.read(path) } catch {
                diagnostics.append(.error(SourceLocation(file: path), "cannot read note: \(error)"))
                continue
            }
            if bytes.count > sizeLimit {
                diagnostics.append(
                    .error(
                        SourceLocation(file: path),
                        "note is \(bytes.count) bytes; the limit is \(sizeLimit)"
                            + " (notes.size_limit in site.yml)"
                    ))
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                diagnostics.append(
                    .error(
                        SourceLocation(file: path, line: Self.lineOfFirstInvalidByte(bytes)),
                        "invalid UTF-8; expected a UTF-8 Markdown file"))
                continue
            }
            notes.append(Note(name: String(relative.dropLast(3)), file: path, markdown: text))
        }
        return (notes, diagnostics)
    }

    /// The 1-based line holding the first byte that is not valid UTF-8.
    static func lineOfFirstInvalidByte(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput, .error: return line
            }
        }
    }
}

/// How the content's text becomes values: a JSON, CSV or TSV records file's bytes records (the other
/// formats are always read whole), site.yml's text a config, a language's texts file its texts, a
/// translation file its titles.
protocol ContentReading {
    func records(_ loader: RecordsLoader, path: String, json bytes: [UInt8]) -> ([Record], [Diagnostic])
    func records(_ loader: RecordsLoader, path: String, delimited source: DelimitedSource) -> ([Record], [Diagnostic])
    func config(_ reader: SiteConfigLoader, text: String) -> (SiteConfig?, [Diagnostic])
    func languageTexts(_ reader: LanguageTextsReader, text: String) -> (LanguageTexts, [Diagnostic])
    func titles(_ file: TitleTranslations.File, text: String) -> (titles: [String: String], problems: [Diagnostic])
}

/// Everything read from its text: the clean load's reading.
struct WholeReading: ContentReading {
    func records(_ loader: RecordsLoader, path: String, json bytes: [UInt8]) -> ([Record], [Diagnostic]) {
        loader.load(bytes: bytes)
    }

    func records(_ loader: RecordsLoader, path: String, delimited source: DelimitedSource) -> ([Record], [Diagnostic]) {
        loader.load(delimited: source)
    }

    func config(_ reader: SiteConfigLoader, text: String) -> (SiteConfig?, [Diagnostic]) { reader.load(text: text) }

    func languageTexts(_ reader: LanguageTextsReader, text: String) -> (LanguageTexts, [Diagnostic]) {
        reader.read(text: text)
    }

    func titles(_ file: TitleTranslations.File, text: String) -> (titles: [String: String], problems: [Diagnostic]) {
        file.read(text)
    }
}
