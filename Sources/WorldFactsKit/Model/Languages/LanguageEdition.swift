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
        var fallbacks = Fallbacks()
        var config = site
        config.language = language
        config.folder = spec.folder(isDefault: false)
        config.locale = spec.locale
        config.title = fallbacks.text(texts.title, site.title, "title")
        config.description = site.description.map { fallbacks.text(texts.description, $0, "description") }
        Self.translateStrings(of: &config, from: site, texts, &fallbacks)
        if let credit = site.credit { config.credit?.text = fallbacks.text(texts.credit, credit.text, "credit") }
        for (number, collection) in site.collections.enumerated() {
            config.collections[number] = Self.translated(
                collection, texts.collections[collection.id] ?? LanguageTexts.CollectionTexts(), in: config,
                defaultLocale: site.collationLocale, &fallbacks)
        }
        for (number, scope) in site.search.scopes.enumerated() {
            config.search.scopes[number].label =
                scope.id == "all" && scope.collection == nil
                ? fallbacks.text(texts.searchAll, scope.label, "search.all")
                : fallbacks.text(texts.scopes[scope.id], scope.label, "search.scopes." + scope.id)
        }
        var edition = content
        edition.config = config
        for (number, collection) in site.collections.enumerated() where collection.languages == .all {
            edition.collections[number] = Self.translated(
                content.collections[number], of: collection, language: spec, &fallbacks)
        }
        edition.warnings = []
        self.content = edition
        self.missing = fallbacks.missing
        self.expected = fallbacks.expected
    }

    /// What a language takes from the default's for want of its own.
    private struct Fallbacks {
        var missing: [String] = []
        var expected: [String] = []

        /// The language's text at `path`, else the default's, noted as missing.
        mutating func text(_ given: String?, _ fallback: String, _ path: String) -> String {
            if let given { return given }
            missing.append(path)
            return fallback
        }
    }

    /// The interface strings in the language: its own (or their plural forms), else the built-in
    /// translation of a string site.yml leaves as it is built in, else the default's.
    private static func translateStrings(
        of config: inout SiteConfig, from site: SiteConfig, _ texts: LanguageTexts, _ fallbacks: inout Fallbacks
    ) {
        let builtIn = BuiltInStrings.of(locale: config.locale)
        let builtInPlurals = BuiltInStrings.plurals(locale: config.locale)
        for (key, path) in InterfaceStrings.keys {
            let own = site.strings[keyPath: path]
            let isBuiltIn = own == InterfaceStrings.english[keyPath: path]
            if let forms = texts.plurals[key], let other = forms["other"] {
                config.strings[keyPath: path] = other
                config.strings.plurals[key] = forms
            } else if let given = texts.strings[key] ?? (isBuiltIn ? builtIn[key] : nil) {
                config.strings[keyPath: path] = given
                config.strings.plurals[key] = texts.strings[key] == nil ? builtInPlurals[key] : nil
            } else {
                // The default's text, and its forms: categories this language does not have fall to "other".
                config.strings[keyPath: path] = fallbacks.text(nil, own, "strings." + key)
            }
        }
    }

    /// A collection's spec in the language of `config`: its labels, its codes' names, and its folders.
    private static func translated(
        _ collection: CollectionSpec, _ own: LanguageTexts.CollectionTexts, in config: SiteConfig,
        defaultLocale: String, _ fallbacks: inout Fallbacks
    ) -> CollectionSpec {
        var spec = collection
        let path = "collections." + collection.id
        spec.label = fallbacks.text(own.label, collection.label, path + ".label")
        // A collection without pages in the language shows only its label, its groups' (on the home page)
        // and its rows' detail label (in lists of other collections' pages).
        let hasPages = collection.languages == .all
        if !collection.index.detailLabel.isEmpty {
            spec.index.detailLabel = fallbacks.text(
                own.detailLabel, collection.index.detailLabel, path + ".detail_label")
        }
        if hasPages, let credit = collection.credit {
            spec.credit?.text = fallbacks.text(own.credit, credit.text, path + ".credit")
        }
        // A description of words as well as fields is the language's; one field alone needs none.
        if hasPages, let description = collection.description {
            if let given = own.description {
                spec.description = given
            } else if description.parts.contains(where: { if case .text = $0 { true } else { false } }) {
                fallbacks.missing.append(path + ".description")
            }
        }
        for (field, declared) in collection.fields.enumerated() where declared.show && hasPages {
            spec.fields[field].label = fallbacks.text(
                own.fields[declared.id], declared.label, path + ".fields." + declared.id)
        }
        // Codes by the language's own names, else ICU's in its locale, else the default language's names.
        for (field, declared) in collection.fields.enumerated() {
            guard let shownAs = declared.shownAs, shownAs.kind.isCode else { continue }
            let table = own.values[declared.id] ?? [:]
            spec.fields[field].shownAs?.names = CodeNames(table.map { ($0.key, $0.value) }).over(shownAs.names) {
                shownAs.kind.shown($0, locale: config.locale)
            }
        }
        for (list, declared) in collection.lists.enumerated() where hasPages {
            spec.lists[list].label = fallbacks.text(
                own.lists[declared.id], declared.label, path + ".lists." + declared.id)
        }
        for (group, declared) in collection.groups.enumerated() {
            spec.groups[group].label = fallbacks.text(
                own.groups[declared.name], declared.label, path + ".groups." + declared.name)
            if let title = declared.title {
                spec.groups[group].title = fallbacks.text(
                    own.groupTitles[declared.name], title, path + ".group_titles." + declared.name)
            }
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
            spec.collationLocale = defaultLocale
        }
        return spec
    }

    /// A collection's records and notes in `language`: each title from the language's field, else its
    /// translation file, else the name of its key (`key_format`), else the default's; its own notes, else the
    /// default's, marked as such.
    private static func translated(
        _ collection: LoadedCollection, of spec: CollectionSpec, language: SiteLanguage, _ fallbacks: inout Fallbacks
    ) -> LoadedCollection {
        var loaded = collection
        let field = spec.titles[language.id]
        let translated = loaded.translatedTitles[language.id] ?? [:]
        for position in loaded.records.indices {
            let record = loaded.records[position]
            if let field, case .text(let title) = record.values[field], !title.trimmingWhitespace().isEmpty {
                loaded.records[position].title = String(title.trimmingWhitespace())
            } else if let title = translated[record.key] {
                loaded.records[position].title = title
            } else if let title = spec.keyFormat?.shown(record.key, locale: language.locale) {
                loaded.records[position].title = title
            } else {
                fallbacks.missing.append("\(spec.id): title of '\(record.key)'")
            }
        }
        let own = loaded.translatedNotes[language.id] ?? []
        let named = Set(own.map(\.name))
        loaded.notes =
            own
            + loaded.notes.filter { !named.contains($0.name) }.map { note in
                var fallback = note
                fallback.isFallback = true
                let text = "\(spec.id): note '\(note.name)'"
                if spec.noteLanguages == .all {
                    fallbacks.missing.append(text)
                } else {
                    fallbacks.expected.append(text)
                }
                return fallback
            }
        return loaded
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
