import Foundation
import WorldFactsModel
import WorldFactsSupport
import Yams

/// Reads site.yml into a `SiteConfig`, collecting one diagnostic per problem with its line and column.
public struct SiteConfigLoader {
    public let file: String

    public init(file: String) { self.file = file }

    public func load(text: String) -> (SiteConfig?, [Diagnostic]) {
        let result = read(text: text)
        return (result.config, result.diagnostics)
    }

    /// What `load` gives, and every key the loader asked for (see `SiteSchema`).
    func read(text: String) -> (config: SiteConfig?, diagnostics: [Diagnostic], keysRead: Set<String>) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            return (nil, [yamlDiagnostic(error)], [])
        } catch {
            return (nil, [.error(SourceLocation(file: file), "cannot read YAML: \(error)")], [])
        }
        var reader = YAMLReader(file: file)
        guard let root, let top = reader.mapping(root, path: "site.yml") else {
            return (
                nil,
                reader.diagnostics
                    + (root == nil
                        ? [
                            .error(
                                SourceLocation(file: file, line: 1),
                                "the file is empty; expected a mapping with title, records, fields and search")
                        ] : []),
                reader.keysRead
            )
        }
        // A key the schema does not know is an error: a typo must not pass for a missing key.
        let config = build(top, &reader)
        let diagnostics = SiteSchema.unknownKeys(in: root, file: file) + reader.diagnostics
        return (diagnostics.errors.isEmpty ? config : nil, diagnostics, reader.keysRead)
    }

    private func build(_ top: YAMLReader.Map, _ r: inout YAMLReader) -> SiteConfig {
        let title = r.string(top, "title") ?? ""
        let locale = r.string(top, "locale", default: "en")
        if let problem = Self.localeProblem(locale), let node = top.node(for: "locale") {
            r.problem(at: node, field: "locale", problem)
        }
        var config = SiteConfig(
            title: title, locale: locale, collections: [],
            search: SearchSpec(scopes: [], shardBudget: 16_384, previewSize: 20),
            strings: .english,
            credit: nil, noteSizeLimit: 10 * 1024 * 1024, unsafeRawHTML: false)
        if let written = r.optionalString(top, "url"), let node = top.node(for: "url") {
            switch BaseURL.parse(written) {
            case .success(let url): config.url = url
            case .failure(let problem): r.problem(at: node, field: "url", problem.message)
            }
        }
        config.description = r.optionalString(top, "description")
        if let collation = r.map(top, "collation") {
            config.numericCollation = r.bool(collation, "numeric", default: false)
        }
        let maxFiles = r.int(top, "max_files", default: 0, minimum: 1)
        if top.node(for: "max_files") != nil { config.maxFiles = maxFiles }
        if let changes = r.map(top, "changes") {
            config.changes = ChangesSpec(
                limit: r.int(changes, "limit", default: ChangesSpec.defaultLimit, minimum: 1),
                perEntry: r.int(changes, "per_entry", default: ChangesSpec.defaultPerEntry, minimum: 1))
        }
        let offline = r.flagOrMap(top, "offline")
        if offline.on {
            let kilobytes = { (r: inout YAMLReader, key: String, value: Int) in
                offline.map.map { r.int($0, key, default: value, minimum: 0) * 1_024 } ?? value * 1_024
            }
            config.offline = OfflineSpec(
                shellBytes: kilobytes(&r, "shell_kb", OfflineSpec.defaultShellKB),
                saveBytes: kilobytes(&r, "save_kb", OfflineSpec.defaultSaveKB),
                icon: offline.map.flatMap { r.optionalString($0, "icon") })
            if let map = offline.map, let icon = config.offline?.icon {
                r.checkRelativePath(icon, in: map, key: "icon")
            }
        }
        if let zim = r.map(top, "zim") {
            var spec = ZimSpec()
            spec.name = r.optionalString(zim, "name")
            spec.creator = r.optionalString(zim, "creator")
            spec.publisher = r.optionalString(zim, "publisher")
            for node in r.list(zim, "tags") {
                if let tag = node.scalar?.string {
                    spec.tags.append(tag)
                } else {
                    r.problem(at: node, field: "zim.tags", "expected a text")
                }
            }
            spec.illustration = r.optionalString(zim, "illustration")
            spec.description = r.optionalString(zim, "description")
            config.zim = spec
        }
        config.languages = languages(top, locale: locale, &r)
        if let first = config.languages.first { config.locale = first.locale }
        config.collections = CollectionsReader(top: top, languages: config.languages).read(&r)

        if let search = r.map(top, "search") { readSearch(search, into: &config, &r) }
        if let strings = r.map(top, "strings") { Self.readStrings(strings, into: &config.strings, &r) }
        config.credit = Self.credit(in: top, &r)
        if let notes = r.map(top, "notes") {
            config.noteSizeLimit = r.int(notes, "size_limit", default: config.noteSizeLimit, minimum: 1)
            config.unsafeRawHTML = r.bool(notes, "unsafe_raw_html", default: false)
        }
        if title.isEmpty { r.problem(at: top.node, field: "title", "expected a non-empty site title") }
        return config
    }

    /// `search:`: the index's bounds, its mode, and its scopes.
    private func readSearch(_ search: YAMLReader.Map, into config: inout SiteConfig, _ r: inout YAMLReader) {
        config.search.shardBudget = r.int(search, "shard_budget", default: 16_384, minimum: 1_024)
        config.search.previewSize = r.int(search, "preview", default: 20, minimum: 1)
        config.search.resultsLimit = r.int(
            search, "results_limit", default: SearchSpec.defaultResultsLimit, minimum: 1)
        let mode = r.string(search, "mode", default: SearchMode.asYouType.rawValue)
        if let known = SearchMode(rawValue: mode) {
            config.search.mode = known
        } else if let node = search.node(for: "mode") {
            r.problem(
                at: node, field: "search.mode",
                "expected " + SearchMode.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                    + ", found '\(mode)'")
        }
        config.search.maxLength = r.int(
            search, "max_length", default: SearchSpec.defaultMaxLength, minimum: 64)
        if let all = r.optionalString(search, "all") {
            config.search.scopes.append(SearchScope(id: "all", label: all, collection: nil, fields: []))
        }
        for (position, item) in r.list(search, "scopes").enumerated() {
            guard let map = r.mapping(item, path: "search.scopes[\(position)]") else { continue }
            config.search.scopes.append(scope(map, in: config, &r))
        }
    }

    /// A scope of `search.scopes`: its collection, the fields it searches, and the groups it filters by.
    private func scope(_ map: YAMLReader.Map, in config: SiteConfig, _ r: inout YAMLReader) -> SearchScope {
        let id = r.string(map, "id") ?? ""
        r.checkName(id, in: map, key: "id")
        if config.search.scopes.contains(where: { $0.id == id }) {
            r.problem(
                at: map.node(for: "id") ?? map.node, field: map.path + ".id",
                "scope '\(id)' is declared twice" + (id == "all" ? " ('all' is search.all's scope)" : ""))
        }
        let collection = r.collection(
            r.optionalString(map, "collection"), of: config, in: map, key: "collection",
            what: "this scope searches")
        var refs: [SiteConfig.FieldRef] = []
        for (n, fieldNode) in r.list(map, "fields").enumerated() {
            let path = "\(map.path).fields[\(n)]"
            guard let name = r.scalarString(fieldNode, path: path), let collection else { continue }
            if let ref = r.resolve(name, in: config.collections[collection], at: fieldNode, path) {
                refs.append(ref)
            }
        }
        let note = r.bool(map, "note", default: false)
        var filters: [Int] = []
        for (n, filterNode) in r.list(map, "filters").enumerated() {
            let path = "\(map.path).filters[\(n)]"
            guard let name = r.scalarString(filterNode, path: path), let collection else { continue }
            let spec = config.collections[collection]
            let groups = spec.groups.map(\.name)
            guard let group = groups.firstIndex(of: name) else {
                let near = DeclaredColumns.nearest(to: name, in: groups).map { "; did you mean '\($0)'?" }
                r.problem(
                    at: filterNode, field: path,
                    "a filter names a group of '\(spec.id)' (its field under `groups`): '\(name)' is none"
                        + (near
                            ?? (groups.isEmpty
                                ? "; '\(spec.id)' has no groups"
                                : "; its groups are " + groups.map { "'\($0)'" }.joined(separator: ", ")))
                )
                continue
            }
            if note {
                r.problem(
                    at: filterNode, field: path,
                    "a full-text scope (note: true) offers no filters; offer them on a scope of fields")
                continue
            }
            if !filters.contains(group) { filters.append(group) }
        }
        return SearchScope(
            id: id, label: r.string(map, "label", default: id), collection: collection ?? 0, fields: refs,
            note: note, filters: filters)
    }

    /// `strings:`: a text of its own for each interface string, or its plural forms.
    private static func readStrings(
        _ strings: YAMLReader.Map, into texts: inout InterfaceStrings, _ r: inout YAMLReader
    ) {
        for (key, path) in InterfaceStrings.keys {
            if let node = strings.node(for: key), node.mapping != nil, InterfaceStrings.countedKeys.contains(key) {
                let forms = Self.pluralForms(node, path: "strings." + key, &r)
                texts.plurals[key] = forms
                texts[keyPath: path] = forms?["other"] ?? ""
                continue
            }
            let written = r.optionalString(strings, key)
            // A text of its own replaces the built-in forms.
            if let written, written != texts[keyPath: path] { texts.plurals[key] = nil }
            texts[keyPath: path] = written ?? texts[keyPath: path]
        }
    }

    /// `languages:`: each with an id of its own and a locale ICU knows; the first is the default, whose
    /// locale is the site's (`locale:` may only repeat it).
    private func languages(_ top: YAMLReader.Map, locale: String, _ r: inout YAMLReader) -> [SiteLanguage] {
        var languages: [SiteLanguage] = []
        for (position, item) in r.list(top, "languages").enumerated() {
            guard let map = r.mapping(item, path: "languages[\(position)]") else { continue }
            let id = r.string(map, "id") ?? ""
            let idNode = map.node(for: "id") ?? map.node
            if !id.isEmpty, !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
                r.problem(
                    at: idNode, field: map.path + ".id", "expected letters, digits and '-' (a folder), found '\(id)'")
            }
            if languages.contains(where: { $0.id == id }) {
                r.problem(at: idNode, field: map.path + ".id", "language '\(id)' is listed twice")
            }
            let languageLocale = r.string(map, "locale", default: id)
            if let problem = Self.localeProblem(languageLocale) {
                r.problem(at: map.node(for: "locale") ?? idNode, field: map.path + ".locale", problem)
            }
            let ownName = DisplayNames(locale: languageLocale).language(languageLocale) ?? id
            languages.append(
                SiteLanguage(id: id, locale: languageLocale, label: r.string(map, "label", default: ownName)))
        }
        if let first = languages.first, let node = top.node(for: "locale"),
            KnownLocales.canonical(first.locale) != KnownLocales.canonical(locale)
        {
            r.problem(
                at: node, field: "locale",
                "the site's locale is its first language's ('\(first.locale)'), not '\(locale)'; remove `locale`")
        }
        return languages
    }

    /// A counted string written as its forms by CLDR plural category (`{ one: "{count} record", other:
    /// "{count} records" }`): each key a category, "other" required.
    static func pluralForms(_ node: Node, path: String, _ r: inout YAMLReader) -> OrderedMapping<String>? {
        guard let map = r.mapping(node, path: path) else { return nil }
        var forms = OrderedMapping<String>()
        for (categoryNode, value) in map.mapping {
            guard let category = categoryNode.string else { continue }
            guard PluralRules.categories.contains(category) else {
                r.problem(
                    at: categoryNode, field: path + "." + category,
                    SiteSchema.unknownKeyMessage(category, known: PluralRules.categories)
                        + " (CLDR's plural categories)")
                continue
            }
            if let text = r.scalarString(value, path: path + "." + category) { forms[category] = text }
        }
        guard forms["other"] != nil else {
            r.problem(
                at: node, field: path,
                "the forms of a counted text need 'other', the form of every number no other names")
            return nil
        }
        return forms
    }

    /// The `credit` mapping of `map`, if it has one; its link must be safe (`isSafeLink`).
    static func credit(in map: YAMLReader.Map, _ r: inout YAMLReader) -> Credit? {
        guard let credit = r.map(map, "credit") else { return nil }
        let found = Credit(
            text: r.string(credit, "text") ?? "", url: r.string(credit, "url", default: ""),
            license: r.string(credit, "license", default: ""))
        if !isSafeLink(found.url) {
            r.problem(
                at: credit.node(for: "url") ?? credit.node, field: credit.path + ".url",
                "expected an http, https or mailto address, or a relative one, found '\(found.url)'")
        }
        return found
    }

    /// Links from site.yml go into href attributes: escaping does not stop `javascript:`, so only
    /// http, https, mailto and scheme-less (relative) addresses are allowed.
    static func isSafeLink(_ url: String) -> Bool {
        let lowered = url.trimmingWhitespace().lowercased().filter { !$0.isWhitespace && !$0.isNewline }
        guard let colon = lowered.firstIndex(of: ":") else { return true }
        if let slash = lowered.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }), slash < colon { return true }
        let scheme = lowered[..<colon]
        return scheme == "http" || scheme == "https" || scheme == "mailto"
    }

    private func yamlDiagnostic(_ error: YamlError) -> Diagnostic {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return .error(
                SourceLocation(file: file, line: mark.line, column: mark.column), "malformed YAML: \(problem)")
        default:
            let firstLine = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
            return .error(SourceLocation(file: file), "malformed YAML: \(firstLine)")
        }
    }

    /// What is wrong with a locale identifier (BCP 47, `de-CH`, or ICU's `de_CH`), if anything: ICU takes
    /// any identifier, and for one it has no data for it would collate, section and format as its root
    /// locale does, silently. Names the nearest known.
    static func localeProblem(_ identifier: String) -> String? {
        if KnownLocales.canonical(identifier) != nil { return nil }
        // A language written by its English name ("Swedish", "german"): the locale it names.
        let english = DisplayNames(locale: "en")
        if let named = KnownLocales.all.first(where: {
            !$0.contains("-") && english.language($0)?.lowercased() == identifier.lowercased()
        }) {
            return "unknown locale '\(identifier)'; a locale is a code: did you mean '\(named)'?"
        }
        let wanted = identifier.replacingOccurrences(of: "_", with: "-").lowercased()
        let nearest = KnownLocales.all.map { (id: $0, distance: EditDistance.between(wanted, $0.lowercased())) }
            .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }.prefix(3).map { "'\($0.id)'" }
        return "unknown locale '\(identifier)'; the nearest known are " + nearest.joined(separator: ", ")
    }
}
