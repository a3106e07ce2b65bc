import Yams

/// Reads site.yml into a `SiteConfig`, collecting one diagnostic per problem with its line and column.
public struct SiteConfigLoader {
    public let file: String

    public init(file: String) { self.file = file }

    public func load(text: String) -> (SiteConfig?, [Diagnostic]) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            return (nil, [yamlDiagnostic(error)])
        } catch {
            return (nil, [.error(SourceLocation(file: file), "cannot read YAML: \(error)")])
        }
        var reader = YAMLReader(file: file)
        guard let root, let top = reader.mapping(root, path: "site.yml") else {
            return (nil, reader.diagnostics + (root == nil ? [.error(SourceLocation(file: file, line: 1), "the file is empty; expected a mapping with title, records, fields and search")] : []))
        }
        let config = build(top, &reader)
        return (reader.diagnostics.errors.isEmpty ? config : nil, reader.diagnostics)
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
                r.problem(at: map.node(for: "format") ?? map.node, field: map.path + ".format",
                          "expected one of \(FieldFormat.allCases.map(\.rawValue).joined(separator: ", ")), found '\(formatName)'")
            }
            if fields.contains(where: { $0.id == id }) {
                r.problem(at: map.node(for: "id") ?? map.node, field: map.path + ".id", "field '\(id)' is declared twice")
            }
            fields.append(FieldSpec(
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
                neighbours: "Neighbours", moreResults: "and {count} more — keep typing", resultCount: "{count} results", notFound: "Page not found", sectionCount: "{count} records"),
            credit: nil, noteSizeLimit: 10 * 1024 * 1024, unsafeRawHTML: false)

        func resolve(_ id: String?, _ node: Node, _ path: String) -> SiteConfig.FieldRef? {
            guard let id else { return nil }
            if let ref = config.ref(for: id) { return ref }
            r.problem(at: node, field: path, "names no field: '\(id)' is neither the key, the title nor a declared field")
            return nil
        }

        if let index = r.map(top, "index") {
            config.index.subtitle = resolve(r.optionalString(index, "subtitle"), index.node(for: "subtitle") ?? index.node, "index.subtitle")
            config.index.detail = resolve(r.optionalString(index, "detail"), index.node(for: "detail") ?? index.node, "index.detail")
            config.index.detailLabel = r.string(index, "detail_label", default: "")
            config.index.splitAbove = r.int(index, "split_above", default: 5_000, minimum: 1)
        }
        if let search = r.map(top, "search") {
            config.search.shardBudget = r.int(search, "shard_budget", default: 16_384, minimum: 1_024)
            config.search.previewSize = r.int(search, "preview", default: 20, minimum: 1)
            for (position, item) in r.list(search, "scopes").enumerated() {
                guard let map = r.mapping(item, path: "search.scopes[\(position)]") else { continue }
                let id = r.string(map, "id") ?? ""
                if !id.isEmpty, !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
                    r.problem(at: map.node(for: "id") ?? map.node, field: map.path + ".id", "expected letters, digits, '-' or '_', found '\(id)'")
                }
                var refs: [SiteConfig.FieldRef] = []
                for (n, fieldNode) in r.list(map, "fields").enumerated() {
                    guard let name = r.scalarString(fieldNode, path: "\(map.path).fields[\(n)]") else { continue }
                    if let ref = resolve(name, fieldNode, "\(map.path).fields[\(n)]") { refs.append(ref) }
                }
                config.search.scopes.append(SearchScope(id: id, label: r.string(map, "label", default: id), fields: refs))
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
            config.credit = Credit(text: r.string(credit, "text") ?? "", url: r.string(credit, "url", default: ""),
                                   license: r.string(credit, "license", default: ""))
            if let url = config.credit?.url, !Self.isSafeLink(url) {
                r.problem(at: credit.node(for: "url") ?? credit.node, field: "credit.url",
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
            return .error(SourceLocation(file: file, line: mark.line, column: mark.column), "malformed YAML: \(problem)")
        default:
            let firstLine = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
            return .error(SourceLocation(file: file), "malformed YAML: \(firstLine)")
        }
    }
}

/// Typed access to a composed YAML tree that records a diagnostic, with the node's mark, for every
/// missing or mistyped value instead of stopping at the first.
struct YAMLReader {
    struct Map {
        let mapping: Node.Mapping
        let node: Node
        let path: String
        func node(for key: String) -> Node? { mapping[key] }
    }

    let file: String
    var diagnostics: [Diagnostic] = []

    mutating func problem(at node: Node, field: String, _ message: String) {
        diagnostics.append(.error(SourceLocation(file: file, line: node.mark?.line, column: node.mark?.column), field: field, message))
    }

    mutating func mapping(_ node: Node, path: String) -> Map? {
        guard let mapping = node.mapping else {
            problem(at: node, field: path, "expected a mapping (key: value lines)")
            return nil
        }
        return Map(mapping: mapping, node: node, path: path)
    }

    private func keyPath(_ map: Map, _ key: String) -> String {
        map.path == "site.yml" ? key : "\(map.path).\(key)"
    }

    mutating func map(_ map: Map, _ key: String) -> Map? {
        guard let node = map.node(for: key) else { return nil }
        return mapping(node, path: keyPath(map, key))
    }

    mutating func list(_ map: Map, _ key: String) -> [Node] {
        guard let node = map.node(for: key) else { return [] }
        guard let sequence = node.sequence else {
            problem(at: node, field: keyPath(map, key), "expected a list")
            return []
        }
        return Array(sequence)
    }

    mutating func scalarString(_ node: Node, path: String) -> String? {
        guard let scalar = node.scalar else {
            problem(at: node, field: path, "expected a text value")
            return nil
        }
        return scalar.string
    }

    /// A required text value.
    mutating func string(_ map: Map, _ key: String) -> String? {
        guard let node = map.node(for: key) else {
            problem(at: map.node, field: keyPath(map, key), "missing; expected a text value")
            return nil
        }
        return scalarString(node, path: keyPath(map, key))
    }

    mutating func optionalString(_ map: Map, _ key: String) -> String? {
        guard let node = map.node(for: key) else { return nil }
        return scalarString(node, path: keyPath(map, key))
    }

    mutating func string(_ map: Map, _ key: String, default value: String) -> String {
        optionalString(map, key) ?? value
    }

    mutating func int(_ map: Map, _ key: String, default value: Int, minimum: Int = 0) -> Int {
        guard let node = map.node(for: key) else { return value }
        guard let number = node.int, number >= minimum else {
            problem(at: node, field: keyPath(map, key), "expected a whole number of at least \(minimum), found '\(node.string ?? "?")'")
            return value
        }
        return number
    }

    mutating func optionalDouble(_ map: Map, _ key: String) -> Double? {
        guard let node = map.node(for: key) else { return nil }
        guard let number = node.float else {
            problem(at: node, field: keyPath(map, key), "expected a number, found '\(node.string ?? "?")'")
            return nil
        }
        return number
    }

    mutating func bool(_ map: Map, _ key: String, default value: Bool) -> Bool {
        guard let node = map.node(for: key) else { return value }
        guard let flag = node.bool else {
            problem(at: node, field: keyPath(map, key), "expected true or false, found '\(node.string ?? "?")'")
            return value
        }
        return flag
    }

    mutating func checkRelativePath(_ path: String, in map: Map, key: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.isEmpty || path.hasPrefix("/") || parts.contains("..") || parts.contains("") {
            problem(at: map.node(for: key) ?? map.node, field: keyPath(map, key),
                    "expected a relative path inside the folder, without '..', found '\(path)'")
        }
    }
}
