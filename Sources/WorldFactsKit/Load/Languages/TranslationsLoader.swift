import WorldFactsModel
import WorldFactsSupport
import Yams

/// Reads what each language other than the default has of its own: its texts (`languages/<id>.yml`),
/// each collection's translated titles (`translations:`, a TSV of key and title) and its notes
/// (`<notes>/<id>/<key>.md`).
struct TranslationsLoader {
    let loader: ContentLoader
    let config: SiteConfig
    let reading: any ContentReading

    /// The folder of the languages' text files, in the content folder.
    static let textsFolder = "languages"

    /// The texts of each language but the default, by id; the titles and notes go into `collections`.
    func load(into collections: inout [LoadedCollection], _ diagnostics: inout [Diagnostic]) -> [String: LanguageTexts]
    {
        var texts: [String: LanguageTexts] = [:]
        for language in config.languages.dropFirst() {
            let path = joinPath(loader.folder, Self.textsFolder, language.id + ".yml")
            if loader.fileSystem.exists(path) {
                do {
                    let (read, problems) = reading.languageTexts(
                        LanguageTextsReader(file: path, config: config), text: try loader.readText(path))
                    texts[language.id] = read
                    diagnostics += problems
                } catch {
                    diagnostics += error.diagnostics
                }
            }
            for (number, spec) in config.collections.enumerated() {
                if let file = spec.translations[language.id] {
                    let path = joinPath(loader.folder, file)
                    do {
                        let keys = Set(collections[number].records.map(\.key))
                        let (titles, problems) = reading.titles(
                            TitleTranslations.File(path: path, keys: keys, collection: spec.id),
                            text: try loader.readText(path))
                        collections[number].translatedTitles[language.id] = titles
                        diagnostics += problems
                    } catch {
                        diagnostics += error.diagnostics
                    }
                }
                let (notes, problems) = loader.loadNotes(
                    spec, sizeLimit: config.noteSizeLimit, language: language.id)
                if !notes.isEmpty { collections[number].translatedNotes[language.id] = notes }
                diagnostics += problems
            }
        }
        return texts
    }
}

/// A translation file of titles: a TSV whose header names `key` and `title`, a record per line. A key
/// given twice is an error, a key of no record a warning, each at its line.
public enum TitleTranslations {
    /// A translation file of a collection: where it is, and the keys of the collection's records.
    struct File: Equatable {
        let path: String
        let keys: Set<String>
        let collection: String

        func read(_ text: String) -> (titles: [String: String], problems: [Diagnostic]) {
            TitleTranslations.read(text, file: path, keys: keys, collection: collection)
        }
    }

    public static func read(
        _ text: String, file: String, keys: Set<String>, collection: String
    ) -> (titles: [String: String], problems: [Diagnostic]) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let header = lines.first else {
            return ([:], [.error(SourceLocation(file: file, line: 1), "empty; expected a header of key and title")])
        }
        let names = header.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard let keyColumn = names.firstIndex(of: "key"), let titleColumn = names.firstIndex(of: "title") else {
            return (
                [:],
                [
                    .error(
                        SourceLocation(file: file, line: 1),
                        "expected a header naming the columns 'key' and 'title' (tab-separated), found "
                            + names.map { "'\($0)'" }.joined(separator: ", "))
                ]
            )
        }
        var titles: [String: String] = [:]
        var lineOf: [String: Int] = [:]
        var problems: [Diagnostic] = []
        var unknown: [(key: String, line: Int)] = []
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let number = offset + 1
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cells.count > max(keyColumn, titleColumn) else {
                problems.append(
                    .error(
                        SourceLocation(file: file, line: number),
                        "expected \(names.count) tab-separated cells, found \(cells.count)"))
                continue
            }
            let key = String(cells[keyColumn]), title = String(cells[titleColumn]).trimmingWhitespace()
            if let first = lineOf[key] {
                problems.append(
                    .error(
                        SourceLocation(file: file, line: number), record: key, field: "key",
                        "the key '\(key)' is translated twice (first at line \(first))"))
                continue
            }
            lineOf[key] = number
            guard keys.contains(key) else {
                unknown.append((key, number))
                continue
            }
            if !title.isEmpty { titles[key] = String(title) }
        }
        if let first = unknown.first {
            let named = Diagnostic.firstFew(unknown.map(\.key))
            problems.append(
                .warning(
                    SourceLocation(file: file, line: first.line), record: first.key, field: "key",
                    (unknown.count == 1
                        ? "\(named) names no record"
                        : "\(unknown.count) keys name no record (\(named))") + " of '\(collection)'; not used"))
        }
        return (titles, problems)
    }
}
