import WorldFactsSupport

/// The content of one language other than the default, made from the default's: its config with the
/// language's texts, folder and locale, and its records with their titles and notes in that language.
/// Whatever the language does not give is the default's, and listed in `missing`
/// (`--print-missing-translations`).
public struct LanguageEdition: Sendable {
    /// The language's position in `languages:` (not 0, the default).
    public let language: Int
    public let content: Content
    /// What fell back to the default language, as `LanguageTexts` paths (`strings.home`,
    /// `collections.countries.fields.phone`) and record titles (`countries: title of 'XK'`).
    public let missing: [String]
    /// What fell back to the default language as the site declares it may (`note_languages: default`):
    /// listed with the missing texts, not warned about.
    public let expected: [String]

    public init(of content: Content, language: Int) {
        self.language = language
        let site = content.config
        let spec = site.languages[language]
        let texts = content.languageTexts[spec.id] ?? LanguageTexts(file: "")
        var missing: [String] = []
        var expected: [String] = []
        /// The language's text at `path`, else the default's, noted as missing.
        func text(_ given: String?, _ fallback: String, _ path: String) -> String {
            if let given { return given }
            missing.append(path)
            return fallback
        }
        var config = site
        config.language = language
        config.folder = spec.folder(isDefault: false)
        config.locale = spec.locale
        config.title = text(texts.title, site.title, "title")
        config.description = site.description.map { text(texts.description, $0, "description") }
        let builtIn = BuiltInStrings.of(locale: spec.locale)
        let builtInPlurals = BuiltInStrings.plurals(locale: spec.locale)
        for (key, path) in InterfaceStrings.keys {
            let own = site.strings[keyPath: path]
            // A string site.yml leaves as it is built in has the built-in translation, where there is one.
            let isBuiltIn = own == InterfaceStrings.english[keyPath: path]
            if let forms = texts.plurals[key], let other = forms["other"] {
                config.strings[keyPath: path] = other
                config.strings.plurals[key] = forms
            } else if let given = texts.strings[key] ?? (isBuiltIn ? builtIn[key] : nil) {
                config.strings[keyPath: path] = given
                config.strings.plurals[key] = texts.strings[key] == nil ? builtInPlurals[key] : nil
            } else {
                // The default's text, and its forms: categories this language does not have fall to "other".
                config.strings[keyPath: path] = text(nil, own, "strings." + key)
            }
        }
        if let credit = site.credit { config.credit?.text = text(texts.credit, credit.text, "credit") }
        for (number, collection) in site.collections.enumerated() {
            var spec = collection
            let own = texts.collections[collection.id] ?? LanguageTexts.CollectionTexts()
            let path = "collections." + collection.id
            spec.label = text(own.label, collection.label, path + ".label")
            // A collection without pages in the language shows only its label, its groups' (on the home page)
            // and its rows' detail label (in lists of other collections' pages).
            let hasPages = collection.languages == .all
            if !collection.index.detailLabel.isEmpty {
                spec.index.detailLabel = text(own.detailLabel, collection.index.detailLabel, path + ".detail_label")
            }
            if hasPages, let credit = collection.credit {
                spec.credit?.text = text(own.credit, credit.text, path + ".credit")
            }
            // A description of words as well as fields is the language's; one field alone needs none.
            if hasPages, let description = collection.description {
                if let given = own.description {
                    spec.description = given
                } else if description.parts.contains(where: { if case .text = $0 { true } else { false } }) {
                    missing.append(path + ".description")
                }
            }
            for (field, declared) in collection.fields.enumerated() where declared.show && hasPages {
                spec.fields[field].label = text(
                    own.fields[declared.id], declared.label, path + ".fields." + declared.id)
            }
            // Codes by the language's own names, else ICU's in its locale, else the default language's names.
            for (field, declared) in collection.fields.enumerated() {
                guard let shownAs = declared.shownAs, shownAs.kind != .date else { continue }
                let table = own.values[declared.id] ?? [:]
                spec.fields[field].shownAs?.names = CodeNames(table.map { ($0.key, $0.value) }).over(shownAs.names) {
                    shownAs.kind.shown($0, locale: config.locale)
                }
            }
            for (list, declared) in collection.lists.enumerated() where hasPages {
                spec.lists[list].label = text(own.lists[declared.id], declared.label, path + ".lists." + declared.id)
            }
            for (group, declared) in collection.groups.enumerated() {
                spec.groups[group].label = text(
                    own.groups[declared.name], declared.label, path + ".groups." + declared.name)
                if hasPages {
                    // In the order of the default's values' texts: the config's text is the same from build to build.
                    let table = own.values[declared.name] ?? [:]
                    spec.groups[group].valueTitles = OrderedMapping(table.keys.sorted().map { ($0, table[$0]!) })
                }
            }
            switch collection.languages {
            case .all:
                spec.records.pagesFolder = config.folder + collection.records.pagesFolder
                for group in spec.groups.indices {
                    spec.groups[group].pagesFolder = config.folder + spec.groups[group].pagesFolder
                }
            case .default:
                spec.hasPages = false
                spec.collationLocale = site.locale
            }
            config.collections[number] = spec
        }
        for (number, scope) in site.search.scopes.enumerated() {
            config.search.scopes[number].label =
                scope.id == "all" && scope.collection == nil
                ? text(texts.searchAll, scope.label, "search.all")
                : text(texts.scopes[scope.id], scope.label, "search.scopes." + scope.id)
        }
        var edition = content
        edition.config = config
        for (number, collection) in site.collections.enumerated() where collection.languages == .all {
            var loaded = content.collections[number]
            let field = collection.titles[spec.id]
            let translated = loaded.translatedTitles[spec.id] ?? [:]
            var untranslated: [String] = []
            for position in loaded.records.indices {
                let record = loaded.records[position]
                if let field, case .text(let title) = record.values[field], !title.trimmingWhitespace().isEmpty {
                    loaded.records[position].title = String(title.trimmingWhitespace())
                } else if let title = translated[record.key] {
                    loaded.records[position].title = title
                } else if let title = collection.keyFormat?.shown(record.key, locale: spec.locale) {
                    loaded.records[position].title = title
                } else {
                    untranslated.append(record.key)
                }
            }
            missing += untranslated.map { "\(collection.id): title of '\($0)'" }
            let own = loaded.translatedNotes[spec.id] ?? []
            let named = Set(own.map(\.name))
            loaded.notes =
                own
                + loaded.notes.filter { !named.contains($0.name) }.map { note in
                    var fallback = note
                    fallback.isFallback = true
                    let text = "\(collection.id): note '\(note.name)'"
                    if collection.noteLanguages == .all { missing.append(text) } else { expected.append(text) }
                    return fallback
                }
            edition.collections[number] = loaded
        }
        edition.warnings = []
        self.content = edition
        self.missing = missing
        self.expected = expected
    }

    /// One warning for what the language lacks, naming the first few, or none.
    public var warning: Diagnostic? {
        guard !missing.isEmpty else { return nil }
        let spec = content.config.languages[language]
        let file = content.languageTexts[spec.id]?.file ?? "languages/\(spec.id).yml"
        return .warning(
            SourceLocation(file: file),
            "\(missing.count) text\(missing.count == 1 ? "" : "s") of language '\(spec.id)' fall back to the default"
                + " language (\(missing.prefix(3).map { "\($0)" }.joined(separator: "; "))"
                + (missing.count > 3 ? "; …" : "") + "); --print-missing-translations lists them")
    }
}
