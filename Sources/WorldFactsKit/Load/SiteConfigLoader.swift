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
        let recordsMap = r.map(top, "records")
        let records = RecordsSpec(
            file: recordsMap.flatMap { r.string($0, "file") } ?? "",
            keyField: recordsMap.flatMap { r.string($0, "key") } ?? "",
            titleField: recordsMap.flatMap { r.string($0, "title") } ?? "",
            pagesFolder: recordsMap.map { r.string($0, "pages", default: "records") } ?? "records",
            notesFolder: recordsMap.map { r.string($0, "notes", default: "notes") } ?? "notes"
        )
        if let recordsMap {
            r.checkRelativePath(records.pagesFolder, in: recordsMap, key: "pages")
            r.checkRelativePath(records.notesFolder, in: recordsMap, key: "notes")
            r.checkRelativePath(records.file, in: recordsMap, key: "file")
        }

        var fields: [FieldSpec] = []
        for (position, item) in r.list(top, "fields").enumerated() {
            guard let map = r.mapping(item, path: "fields[\(position)]") else { continue }
            let id = r.string(map, "id") ?? ""
            let formatName = r.string(map, "format", default: "text")
            let format = FieldFormat(rawValue: formatName)
            if format == nil {
                r.problem(
                    at: map.node(for: "format") ?? map.node, field: map.path + ".format",
                    "expected one of \(FieldFormat.allCases.map(\.rawValue).joined(separator: ", "))"
                        + ", found '\(formatName)'"
                )
            }
            if fields.contains(where: { $0.id == id }) {
                r.problem(
                    at: map.node(for: "id") ?? map.node, field: map.path + ".id", "field '\(id)' is declared twice")
            }
            fields.append(
                FieldSpec(
                    id: id, label: r.string(map, "label", default: id), format: format ?? .text,
                    unit: r.optionalString(map, "unit"), fractionDigits: r.int(map, "digits", default: 2),
                    minimum: r.optionalDouble(map, "min"),
                    required: r.bool(map, "required", default: false), show: r.bool(map, "show", default: true)))
        }
        var config = SiteConfig(
            title: title, locale: locale, records: records, fields: fields,
            index: IndexSpec(subtitle: nil, detail: nil, detailLabel: "", splitAbove: 5_000),
            search: SearchSpec(scopes: [], shardBudget: 16_384, previewSize: 20),
            strings: InterfaceStrings(
                none: "None", searchPlaceholder: "Search", searchLabel: "Search", noResults: "No results",
                top: "Search", previous: "Previous", next: "Next", backToIndex: "Index",
                neighbours: "Neighbours", moreResults: "and {count} more — keep typing",
                resultCount: "{count} results",
                notFound: "Page not found", sectionCount: "{count} records"),
            credit: nil, noteSizeLimit: 10 * 1024 * 1024, unsafeRawHTML: false)

        func resolve(_ id: String?, _ node: Node, _ path: String) -> SiteConfig.FieldRef? {
            guard let id else { return nil }
            if let ref = config.ref(for: id) { return ref }
            r.problem(
                at: node, field: path, "names no field: '\(id)' is neither the key, the title nor a declared field")
            return nil
        }

        if let index = r.map(top, "index") {
            config.index.subtitle = resolve(
                r.optionalString(index, "subtitle"), index.node(for: "subtitle") ?? index.node, "index.subtitle")
            config.index.detail = resolve(
                r.optionalString(index, "detail"), index.node(for: "detail") ?? index.node, "index.detail")
            config.index.detailLabel = r.string(index, "detail_label", default: "")
            config.index.splitAbove = r.int(index, "split_above", default: 5_000, minimum: 1)
        }
        if let search = r.map(top, "search") {
            config.search.shardBudget = r.int(search, "shard_budget", default: 16_384, minimum: 1_024)
            config.search.previewSize = r.int(search, "preview", default: 20, minimum: 1)
            for (position, item) in r.list(search, "scopes").enumerated() {
                guard let map = r.mapping(item, path: "search.scopes[\(position)]") else { continue }
                let id = r.string(map, "id") ?? ""
                if !id.isEmpty, !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
                {
                    r.problem(
                        at: map.node(for: "id") ?? map.node, field: map.path + ".id",
                        "expected letters, digits, '-' or '_', found '\(id)'")
                }
                var refs: [SiteConfig.FieldRef] = []
                for (n, fieldNode) in r.list(map, "fields").enumerated() {
                    guard let name = r.scalarString(fieldNode, path: "\(map.path).fields[\(n)]") else { continue }
                    if let ref = resolve(name, fieldNode, "\(map.path).fields[\(n)]") { refs.append(ref) }
                }
                config.search.scopes.append(
                    SearchScope(id: id, label: r.string(map, "label", default: id), fields: refs))
            }
        }
        if let strings = r.map(top, "strings") {
            func text(_ key: String, _ keyPath: WritableKeyPath<InterfaceStrings, String>) {
                config.strings[keyPath: keyPath] = r.string(strings, key, default: config.strings[keyPath: keyPath])
            }
            text("none", \.none)
            text("search_placeholder", \.searchPlaceholder)
            text("search_label", \.searchLabel)
            text("no_results", \.noResults)
            text("top", \.top)
            text("previous", \.previous)
            text("next", \.next)
            text("back_to_index", \.backToIndex)
            text("neighbours", \.neighbours)
            text("more_results", \.moreResults)
            text("result_count", \.resultCount)
            text("not_found", \.notFound)
            text("section_count", \.sectionCount)
        }
        if let credit = r.map(top, "credit") {
            config.credit = Credit(
                text: r.string(credit, "text") ?? "", url: r.string(credit, "url", default: ""),
                license: r.string(credit, "license", default: ""))
            if let url = config.credit?.url, !Self.isSafeLink(url) {
                r.problem(
                    at: credit.node(for: "url") ?? credit.node, field: "credit.url",
                    "expected an http, https or mailto address, or a relative one, found '\(url)'")
            }
        }
        if let notes = r.map(top, "notes") {
            config.noteSizeLimit = r.int(notes, "size_limit", default: config.noteSizeLimit, minimum: 1)
            config.unsafeRawHTML = r.bool(notes, "unsafe_raw_html", default: false)
        }
        if title.isEmpty { r.problem(at: top.node, field: "title", "expected a non-empty site title") }
        if fields.isEmpty { r.problem(at: top.node, field: "fields", "expected at least one field") }
        return config
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
}
