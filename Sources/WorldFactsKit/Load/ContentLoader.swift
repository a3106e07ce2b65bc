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

    public func load() throws(StageFailure) -> Content {
        try load(reusing: nil).content
    }

    /// What a load leaves for the next load of the same folder in a live build: for each JSON, CSV or TSV
    /// records file, its bytes and records (`JSONRecordsMemo`, `DelimitedRecordsMemo`), so that an edit
    /// reads only the records it changed.
    public struct Memo: Sendable {
        var json: [String: JSONRecordsMemo] = [:]
        var delimited: [String: DelimitedRecordsMemo] = [:]

        public init() {}

        /// Starts copying each memo's records, for the next load to splice an edit into (`Spare`): in
        /// `watch`, once a build is done.
        public func makeSpares() {
            for memo in json.values { memo.spare.make(copying: memo.records) }
            for memo in delimited.values { memo.spare.make(copying: memo.records) }
        }
    }

    /// `load()`, keeping the records of `memo` whose bytes are unchanged; gives what the next load can
    /// keep (`memo` empty: a first load that keeps it).
    public func load(reusing memo: Memo?) throws(StageFailure) -> (content: Content, memo: Memo) {
        var kept = Memo()
        let configPath = joinPath(folder, "site.yml")
        guard fileSystem.exists(configPath) else {
            throw fail([
                .error(
                    SourceLocation(file: configPath),
                    "missing: the content folder needs a site.yml describing the site and its records")
            ])
        }
        let configText = try readText(configPath)
        let (loadedConfig, configDiagnostics) = SiteConfigLoader(file: configPath).load(text: configText)
        guard let config = loadedConfig, configDiagnostics.errors.isEmpty else { throw fail(configDiagnostics) }

        var collections: [LoadedCollection] = []
        var diagnostics = configDiagnostics
        for spec in config.collections {
            let (collection, problems) = try load(spec, sizeLimit: config.noteSizeLimit, memo: memo, kept: &kept)
            collections.append(collection)
            diagnostics += problems
        }
        if !diagnostics.errors.isEmpty { throw fail(diagnostics) }
        return (
            Content(config: config, collections: collections, warnings: diagnostics.warnings, folder: folder), kept
        )
    }

    /// A collection's records, by its file's format, and its notes.
    private func load(
        _ spec: CollectionSpec, sizeLimit: Int, memo: Memo?, kept: inout Memo
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
        let records: ([Record], [Diagnostic])
        switch format {
        case .json:
            if let memo {
                let (loaded, problems, next) = loader.load(bytes: try readBytes(path), reusing: memo.json[path])
                records = (loaded, problems)
                kept.json[path] = next
            } else {
                records = loader.load(bytes: try readBytes(path))
            }
        case .jsonLines: records = loader.load(from: JSONLinesSource(bytes: try readBytes(path)))
        case .delimited(let separator):
            let source = DelimitedSource(bytes: try readBytes(path), separator: separator, type: loader.cellTyper())
            if let memo {
                let (loaded, problems, next) = loader.load(delimited: source, reusing: memo.delimited[path])
                records = (loaded, problems)
                kept.delimited[path] = next
            } else {
                records = loader.load(delimited: source)
            }
        case .sqlite:
            records = loader.load(
                from: SQLiteSource(path: path, query: spec.records.query ?? "", type: loader.cellTyper()))
        }
        let (notes, noteDiagnostics) = loadNotes(spec, sizeLimit: sizeLimit)
        return (LoadedCollection(records: records.0, notes: notes, file: path), records.1 + noteDiagnostics)
    }

    private func fail(_ diagnostics: [Diagnostic]) -> StageFailure {
        StageFailure(diagnostics.errors + diagnostics.warnings)
    }

    private func readBytes(_ path: String) throws(StageFailure) -> [UInt8] {
        do { return try fileSystem.read(path) } catch {
            throw fail([.error(SourceLocation(file: path), "cannot read: \(error)")])
        }
    }

    private func readText(_ path: String) throws(StageFailure) -> String {
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

    private func loadNotes(_ spec: CollectionSpec, sizeLimit: Int) -> ([Note], [Diagnostic]) {
        let notesFolder = joinPath(folder, spec.records.notesFolder)
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
