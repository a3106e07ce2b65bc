import WorldFactsModel
import WorldFactsSupport
import Yams

/// Reads a language's texts (`languages/<id>.yml`). Every key is checked: against the file's keys, and
/// against the ids site.yml declares (collections, fields, lists, groups, scopes); an unknown one is an
/// error naming the nearest known.
///
///     title: Världsfakta
///     strings: { home: Hem, see_all: "Alla {count}" }
///     credit: GeoNames
///     collections:
///       countries:
///         label: Länder
///         detail_label: "Inv.:"
///         description: "{name} är ett land i {continent}."
///         fields: { capital_city: Huvudstad }
///         lists: { cities: Största städer }
///         groups: { continent: Kontinenter }
///         group_titles: { block: "Block {value}" }
///         values: { continent: { Europe: Europa } }
///     search: { all: Alla, scopes: { name: Land } }
public struct LanguageTextsReader {
    let file: String
    let config: SiteConfig

    public init(file: String, config: SiteConfig) {
        self.file = file
        self.config = config
    }

    static let topKeys = ["title", "description", "strings", "credit", "collections", "search"]
    static let collectionKeys = [
        "label", "detail_label", "credit", "description", "fields", "lists", "groups", "group_titles", "values",
    ]

    public func read(text: String) -> (LanguageTexts, [Diagnostic]) {
        var texts = LanguageTexts(file: file)
        texts.digest = BulkHash.of(utf8: text)
        var r = YAMLReader(file: file)
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            return (texts, [.error(SourceLocation(file: file), "malformed YAML: \(error)")])
        }
        guard let root else { return (texts, []) }
        guard let top = r.mapping(root, path: "") else { return (texts, r.diagnostics) }
        check(top, known: Self.topKeys, &r)
        texts.title = r.optionalString(top, "title")
        texts.description = r.optionalString(top, "description")
        texts.credit = r.optionalString(top, "credit")
        if let strings = r.map(top, "strings") {
            let known = InterfaceStrings.keys.map(\.key)
            for (nameNode, value) in strings.mapping {
                guard let name = nameNode.string else { continue }
                let path = strings.path + "." + name
                if !known.contains(name) {
                    unknown(name, at: nameNode, path: strings.path, known: known, &r)
                } else if value.mapping != nil, InterfaceStrings.countedKeys.contains(name) {
                    texts.plurals[name] = SiteConfigLoader.pluralForms(value, path: path, &r)
                } else if let text = r.scalarString(value, path: path) {
                    texts.strings[name] = text
                }
            }
        }
        if let collections = r.map(top, "collections") {
            let ids = config.collections.map(\.id)
            for (idNode, value) in collections.mapping {
                guard let id = idNode.string else { continue }
                guard let spec = config.collections.first(where: { $0.id == id }) else {
                    unknown(id, at: idNode, path: "collections", known: ids, &r)
                    continue
                }
                guard let map = r.mapping(value, path: "collections." + id) else { continue }
                texts.collections[id] = collection(map, spec, &r)
            }
        }
        if let search = r.map(top, "search") {
            check(search, known: ["all", "scopes"], &r)
            texts.searchAll = r.optionalString(search, "all")
            if let scopes = r.map(search, "scopes") {
                texts.scopes = self.texts(
                    of: scopes, known: config.search.scopes.map(\.id).filter { $0 != "all" }, &r)
            }
        }
        return (texts, r.diagnostics)
    }

    private func collection(
        _ map: YAMLReader.Map, _ spec: CollectionSpec, _ r: inout YAMLReader
    ) -> LanguageTexts.CollectionTexts {
        var texts = LanguageTexts.CollectionTexts()
        check(map, known: Self.collectionKeys, &r)
        texts.label = r.optionalString(map, "label")
        texts.detailLabel = r.optionalString(map, "detail_label")
        texts.credit = r.optionalString(map, "credit")
        if let text = r.optionalString(map, "description"), let node = map.node(for: "description") {
            texts.description = CollectionsReader.description(
                text, of: spec, at: node, path: map.path + ".description", &r)
        }
        if let fields = r.map(map, "fields") { texts.fields = self.texts(of: fields, known: spec.fields.map(\.id), &r) }
        if let lists = r.map(map, "lists") { texts.lists = self.texts(of: lists, known: spec.lists.map(\.id), &r) }
        let groups = spec.groups.map(\.name)
        if let labels = r.map(map, "groups") { texts.groups = self.texts(of: labels, known: groups, &r) }
        let titled = spec.groups.filter { $0.title != nil }.map(\.name)
        if let titles = r.map(map, "group_titles") {
            texts.groupTitles = self.texts(of: titles, known: titled, &r)
            for (name, title) in texts.groupTitles {
                guard let problem = GroupSpec.titleProblem(title) else { continue }
                r.problem(at: titles.node(for: name) ?? titles.node, field: titles.path + "." + name, problem)
            }
        }
        // The names of a field of codes (its `names:`), as the values of a group are translated.
        let codeFields = spec.fields.filter { $0.shownAs?.kind.isCode == true }.map(\.id)
        if let values = r.map(map, "values") {
            for (nameNode, table) in values.mapping {
                guard let name = nameNode.string else { continue }
                guard groups.contains(name) || codeFields.contains(name) else {
                    unknown(name, at: nameNode, path: values.path, known: groups + codeFields, &r)
                    continue
                }
                guard let table = r.mapping(table, path: values.path + "." + name) else { continue }
                texts.values[name] = self.texts(of: table, known: nil, &r)
            }
        }
        return texts
    }

    /// A mapping of names to texts; with `known`, each name must be one of them.
    private func texts(of map: YAMLReader.Map, known: [String]?, _ r: inout YAMLReader) -> [String: String] {
        var found: [String: String] = [:]
        for (nameNode, value) in map.mapping {
            guard let name = nameNode.string else { continue }
            if let known, !known.contains(name) {
                unknown(name, at: nameNode, path: map.path, known: known, &r)
                continue
            }
            if let text = r.scalarString(value, path: map.path + "." + name) { found[name] = text }
        }
        return found
    }

    private func check(_ map: YAMLReader.Map, known: [String], _ r: inout YAMLReader) {
        for (nameNode, _) in map.mapping {
            guard let name = nameNode.string, !known.contains(name) else { continue }
            unknown(name, at: nameNode, path: map.path, known: known, &r)
        }
    }

    private func unknown(_ name: String, at node: Node, path: String, known: [String], _ r: inout YAMLReader) {
        r.problem(
            at: node, field: path.isEmpty ? name : path + "." + name,
            known.isEmpty
                ? "unknown key '\(name)'; site.yml declares none here"
                : SiteSchema.unknownKeyMessage(name, known: known))
    }
}
