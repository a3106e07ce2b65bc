import WorldFactsModel
import WorldFactsSupport
import Yams

/// Reads the collections of site.yml: the short form (`records`, `fields` and `index` at the top) as one
/// collection, or the `collections` list. Then resolves what collections name of each other: link
/// targets, lists and groups, and checks that no two of them write to the same folder.
struct CollectionsReader {
    let top: YAMLReader.Map
    /// The site's languages (`languages:`), the default first; empty for a site of one.
    var languages: [SiteLanguage] = []

    func read(_ r: inout YAMLReader) -> [CollectionSpec] {
        let records = r.map(top, "records")
        let fieldsNode = top.node(for: "fields"), indexNode = top.node(for: "index")
        let items = r.list(top, "collections")
        var collections: [CollectionSpec]
        if let records {
            if top.node(for: "collections") != nil {
                r.problem(
                    at: top.node(for: "collections")!, field: "collections",
                    "use either records (one collection) or collections, not both")
            }
            var spec = CollectionSpec(
                id: "records", label: "Records",
                records: source(records, defaultPages: "records", defaultNotes: "notes", &r), fields: [],
                index: IndexSpec(detailLabel: "", splitAbove: 5_000))
            spec.fields = fields(r.list(top, "fields"), path: "fields", at: top.node, own: 0, ids: [spec.id], &r)
            spec.index = index(r.map(top, "index"), of: spec, &r)
            publishing(records, into: &spec, &r)
            spec.map = locatorMap(records, of: spec, in: [spec], &r)
            collections = [spec]
        } else {
            for (key, node) in [("fields", fieldsNode), ("index", indexNode)] {
                if let node {
                    r.problem(
                        at: node, field: key,
                        "'\(key)' belongs to the short form (with 'records'); a collection has its own '\(key)'")
                }
            }
            if top.node(for: "collections") == nil {
                r.problem(
                    at: top.node, field: "records",
                    "missing; expected 'records' (one collection) or 'collections' (several)")
            }
            collections = self.collections(items, &r)
        }
        checkFolders(collections, &r)
        return collections
    }

    /// The `collections` list: ids first, since fields and lists name other collections.
    private func collections(_ items: [Node], _ r: inout YAMLReader) -> [CollectionSpec] {
        var maps: [YAMLReader.Map] = []
        var ids: [String] = []
        for (position, item) in items.enumerated() {
            guard let map = r.mapping(item, path: "collections[\(position)]") else { continue }
            let id = r.string(map, "id") ?? ""
            r.checkName(id, in: map, key: "id")
            if ids.contains(id) {
                r.problem(
                    at: map.node(for: "id") ?? map.node, field: map.path + ".id", "collection '\(id)' is declared twice"
                )
            }
            maps.append(map)
            ids.append(id)
        }
        if maps.isEmpty, top.node(for: "collections") != nil {
            r.problem(at: top.node(for: "collections")!, field: "collections", "expected at least one collection")
        }
        var specs: [CollectionSpec] = []
        for (position, map) in maps.enumerated() {
            var spec = CollectionSpec(
                id: ids[position], label: r.string(map, "label", default: ids[position]),
                records: source(map, defaultPages: ids[position], defaultNotes: "notes/" + ids[position], &r),
                fields: [],
                index: IndexSpec(detailLabel: "", splitAbove: 5_000))
            spec.fields = fields(
                r.list(map, "fields"), path: map.path + ".fields", at: map.node, own: position, ids: ids, &r)
            spec.index = index(r.map(map, "index"), of: spec, &r)
            publishing(map, into: &spec, &r)
            specs.append(spec)
        }
        // Lists and groups name other collections' fields: every collection's fields are read first.
        for (position, map) in maps.enumerated() {
            specs[position].groups = groups(map, of: specs[position], in: specs, &r)
            specs[position].lists = lists(map, of: position, in: specs, &r)
        }
        for (position, map) in maps.enumerated() {
            specs[position].map = locatorMap(map, of: specs[position], in: specs, &r)
            specs[position].charts = charts(map, of: specs[position], in: specs, &r)
        }
        return specs
    }

    /// Where the records come from and where their pages go.
    private func source(
        _ map: YAMLReader.Map, defaultPages: String, defaultNotes: String, _ r: inout YAMLReader
    ) -> RecordsSpec {
        let spec = RecordsSpec(
            file: r.string(map, "file") ?? "", query: r.optionalString(map, "query"),
            keyField: r.string(map, "key") ?? "", titleField: r.string(map, "title") ?? "",
            pagesFolder: r.string(map, "pages", default: defaultPages),
            notesFolder: r.string(map, "notes", default: defaultNotes))
        r.checkRelativePath(spec.pagesFolder, in: map, key: "pages")
        r.checkRelativePath(spec.notesFolder, in: map, key: "notes")
        r.checkRelativePath(spec.file, in: map, key: "file")
        let isDatabase = RecordsFormat(file: spec.file) == .sqlite
        if isDatabase, spec.query == nil {
            r.problem(at: map.node, field: map.path + ".query", "missing; a SQLite file needs the query of its records")
        }
        if !isDatabase, spec.query != nil {
            r.problem(
                at: map.node(for: "query") ?? map.node, field: map.path + ".query",
                "only a SQLite file (.sqlite, .db) takes a query; '\(spec.file)' is not one")
        }
        return spec
    }

    /// Every `format` a field may have.
    static let formatNames =
        FieldFormat.allCases.map(\.rawValue).filter { $0 != "list" && $0 != "link" && $0 != "links" }
        + FieldSpec.TextKind.allCases.map(\.rawValue) + ["list", "link", "links"]

    /// A field's `format` and `items`: how its values are stored, and for a text or list of codes or days,
    /// what they are. `language`, `currency`, `region` and `date` are texts that pages show in the site's
    /// language.
    private static func format(
        of map: YAMLReader.Map, named formatName: String, _ r: inout YAMLReader
    ) -> (FieldFormat?, FieldSpec.TextKind?) {
        var shownAs = FieldSpec.TextKind(rawValue: formatName)
        // A percentage is a number; every other kind a text.
        let format = shownAs == .percentage ? .decimal : shownAs != nil ? .text : FieldFormat(rawValue: formatName)
        // The ISO standard calls its codes countries; CLDR and BCP 47, regions.
        let hint = { (written: String) in written == "country" ? "; a country code is a 'region'" : "" }
        if format == nil {
            r.problem(
                at: map.node(for: "format") ?? map.node, field: map.path + ".format",
                "expected one of \(Self.formatNames.joined(separator: ", ")), found '\(formatName)'" + hint(formatName))
        }
        guard let items = r.optionalString(map, "items"), let node = map.node(for: "items") else {
            return (format, shownAs)
        }
        if format?.isList != true || (format == .links && items != "text") {
            r.problem(
                at: node, field: map.path + ".items",
                "only a list field has items of codes; this one is '\(formatName)'")
        } else if items != "text" {
            shownAs = FieldSpec.TextKind(rawValue: items).flatMap { FieldSpec.TextKind.items.contains($0) ? $0 : nil }
            if shownAs == nil {
                r.problem(
                    at: node, field: map.path + ".items",
                    "expected one of "
                        + (["text"] + FieldSpec.TextKind.items.map(\.rawValue)).joined(separator: ", ")
                        + ", found '\(items)'" + hint(items))
            }
        }
        return (format, shownAs)
    }

    private func fields(
        _ nodes: [Node], path: String, at parent: Node, own: Int, ids: [String], _ r: inout YAMLReader
    ) -> [FieldSpec] {
        var fields: [FieldSpec] = []
        var fallbacks: [(position: Int, name: String, map: YAMLReader.Map)] = []
        var derived: [(position: Int, map: YAMLReader.Map, kind: Derivation)] = []
        var withUnits: [(position: Int, map: YAMLReader.Map)] = []
        // The site's default for its fields.
        let hideEmpty = r.bool(top, "hide_empty", default: false)
        for (position, item) in nodes.enumerated() {
            guard let map = r.mapping(item, path: "\(path)[\(position)]") else { continue }
            let id = r.string(map, "id") ?? ""
            // A computed field is a decimal unless it says.
            let compute = r.optionalString(map, "compute")
            let formatName = r.string(map, "format", default: compute == nil ? "text" : "decimal")
            let (format, shownAs) = Self.format(of: map, named: formatName, &r)
            if fields.contains(where: { $0.id == id }) {
                r.problem(
                    at: map.node(for: "id") ?? map.node, field: map.path + ".id", "field '\(id)' is declared twice")
            }
            var target: Int?
            if let name = r.optionalString(map, "collection") {
                if format?.isLink != true {
                    r.problem(
                        at: map.node(for: "collection")!, field: map.path + ".collection",
                        "only a link or links field names a collection; this one is '\(formatName)'")
                } else {
                    target = r.collection(named: name, among: ids, in: map, key: "collection")
                }
            } else if format?.isLink == true {
                target = own
            }
            let separator = r.string(map, "separator", default: ";")
            if separator.isEmpty {
                r.problem(at: map.node(for: "separator")!, field: map.path + ".separator", "expected a non-empty text")
            }
            if let fallback = r.optionalString(map, "fallback") {
                fallbacks.append((fields.count, fallback, map))
            }
            if let kind = derivation(map, format: format, named: formatName, shownAs: shownAs, &r) {
                derived.append((fields.count, map, kind))
            }
            if map.node(for: "unit_field") != nil || map.node(for: "also") != nil {
                withUnits.append((fields.count, map))
            }
            var field = FieldSpec(
                id: id, label: r.string(map, "label", default: id), format: format ?? .text,
                unit: r.optionalString(map, "unit"), fractionDigits: r.int(map, "digits", default: 2),
                minimum: r.optionalDouble(map, "min"),
                required: r.bool(map, "required", default: false), show: r.bool(map, "show", default: true),
                target: target, separator: separator)
            field.maximum = r.optionalDouble(map, "max")
            field.hideEmpty = r.bool(map, "hide_empty", default: hideEmpty)
            let names = codeNames(map, of: shownAs, format: formatName, &r)
            field.shownAs = shownAs.map { FieldSpec.ShownAs($0, names: names, fractionDigits: field.fractionDigits) }
            fields.append(field)
        }
        // Made of others: read once every field is known.
        for (position, map, kind) in derived {
            switch kind {
            case .coordinates: fields[position].coordinates = coordinateFields(map, of: &fields, &r)
            case .computed: fields[position].compute = computation(map, of: position, in: fields, &r)
            }
        }
        for (position, map) in withUnits { units(map, of: position, in: &fields, &r) }
        for (position, name, map) in fallbacks {
            let other = fields.firstIndex { $0.id == name }
            if other == nil || other == position {
                r.problem(
                    at: map.node(for: "fallback")!, field: map.path + ".fallback",
                    "expected another declared field, found '\(name)'")
            }
            fields[position].fallback = other == position ? nil : other
        }
        if fields.isEmpty { r.problem(at: parent, field: path, "expected at least one field") }
        return fields
    }

    private func index(_ map: YAMLReader.Map?, of spec: CollectionSpec, _ r: inout YAMLReader) -> IndexSpec {
        var index = IndexSpec(detailLabel: "", splitAbove: 5_000)
        guard let map else { return index }
        if let subtitle = r.optionalString(map, "subtitle") {
            index.subtitle = r.resolve(subtitle, in: spec, at: map.node(for: "subtitle")!, map.path + ".subtitle")
        }
        if let detail = r.optionalString(map, "detail") {
            index.detail = r.resolve(detail, in: spec, at: map.node(for: "detail")!, map.path + ".detail")
        }
        index.detailLabel = r.string(map, "detail_label", default: "")
        index.splitAbove = r.int(map, "split_above", default: 5_000, minimum: 1)
        index.sectionSize = r.int(map, "section_size", default: 2_000, minimum: 1)
        order(of: &index, in: map, of: spec, &r)
        return index
    }

    /// An index's order (`sort`, `order`) and, for a number, its sections (`sections`).
    private func order(
        of index: inout IndexSpec, in map: YAMLReader.Map, of spec: CollectionSpec, _ r: inout YAMLReader
    ) {
        if let sort = r.optionalString(map, "sort") {
            index.sort = r.resolve(sort, in: spec, at: map.node(for: "sort")!, map.path + ".sort")
        }
        let order = r.string(map, "order", default: "ascending")
        if order != "ascending" && order != "descending" {
            r.problem(
                at: map.node(for: "order")!, field: map.path + ".order",
                "expected 'ascending' or 'descending', found '\(order)'")
        }
        index.descending = order == "descending"
        let items = r.list(map, "sections")
        guard !items.isEmpty else { return }
        guard case .field(let field) = index.sort, [.integer, .decimal].contains(spec.fields[field].format) else {
            r.problem(
                at: map.node(for: "sections")!, field: map.path + ".sections",
                "expected an index sorted by an integer or decimal field (`sort`): a text's sections are its initials")
            return
        }
        for (number, item) in items.enumerated() {
            guard let range = r.mapping(item, path: "\(map.path).sections[\(number)]") else { continue }
            let label = r.string(range, "label") ?? ""
            let upTo = r.optionalDouble(range, "to")
            let isLast = number == items.count - 1
            if isLast != (upTo == nil) {
                r.problem(
                    at: range.node(for: "to") ?? range.node, field: range.path + ".to",
                    isLast
                        ? "expected no bound on the last section: it takes every value above the one before"
                        : "missing; expected the section's highest value (only the last section has none)")
            }
            if let upTo, let before = index.ranges.last?.upTo, upTo <= before {
                r.problem(
                    at: range.node(for: "to")!, field: range.path + ".to",
                    "expected a bound above the section before's (\(before.formatted())), found \(upTo.formatted())")
            }
            index.ranges.append(IndexRange(label: label, upTo: upTo))
        }
    }

    /// What the collection publishes beside its pages (its credit, downloads, former keys' redirects),
    /// and how its record pages present themselves with a base URL (description, JSON-LD).
    private func publishing(_ map: YAMLReader.Map, into spec: inout CollectionSpec, _ r: inout YAMLReader) {
        spec.credit = SiteConfigLoader.credit(in: map, &r)
        if let only = r.map(map, "only") {
            spec.only = selection(only, of: spec, &r)
        }
        if let rank = r.map(map, "rank") {
            spec.rank = self.rank(rank, of: spec, &r)
        }
        for (n, node) in r.list(map, "downloads").enumerated() {
            let path = "\(map.path).downloads[\(n)]"
            guard let name = r.scalarString(node, path: path) else { continue }
            guard let format = DownloadFormat(rawValue: name) else {
                r.problem(
                    at: node, field: path,
                    "unknown download format '\(name)'; expected "
                        + DownloadFormat.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or "))
                continue
            }
            if !spec.downloads.contains(format) { spec.downloads.append(format) }
        }
        readLanguages(map, into: &spec, &r)
        if let name = r.optionalString(map, "aliases"), let node = map.node(for: "aliases") {
            if let field = spec.fields.firstIndex(where: { $0.id == name }) {
                if spec.fields[field].format == .text || spec.fields[field].format == .list {
                    spec.aliases = field
                } else {
                    r.problem(
                        at: node, field: map.path + ".aliases",
                        "expected a text or list field of former keys; '\(name)' is"
                            + " '\(spec.fields[field].format.rawValue)'")
                }
            } else {
                r.problem(at: node, field: map.path + ".aliases", "names no declared field of '\(spec.id)': '\(name)'")
            }
        }
        if let text = r.optionalString(map, "description"), let node = map.node(for: "description") {
            spec.description = Self.description(text, of: spec, at: node, path: map.path + ".description", &r)
        }
        guard let data = r.map(map, "structured_data") else { return }
        var structured = StructuredDataSpec(type: r.string(data, "type") ?? "")
        if let properties = r.map(data, "properties") {
            for (nameNode, fieldNode) in properties.mapping {
                guard let name = nameNode.string else { continue }
                let path = properties.path + "." + name
                if name.hasPrefix("@") || name == "name" || name == "url" || name == "geo" {
                    r.problem(
                        at: nameNode, field: path,
                        "'\(name)' is written by the page itself (@context, @type, @id, name, url, and geo from"
                            + " latitude and longitude); name another property")
                    continue
                }
                guard let field = r.scalarString(fieldNode, path: path) else { continue }
                if let ref = r.resolve(field, in: spec, at: fieldNode, path) {
                    structured.properties.append(.init(name: name, field: ref))
                }
            }
        }
        spec.structuredData = structured
    }

    /// `names:`, the names a field of codes gives its codes.
    private func codeNames(
        _ map: YAMLReader.Map, of kind: FieldSpec.TextKind?, format: String, _ r: inout YAMLReader
    ) -> CodeNames {
        guard let names = r.map(map, "names"), !names.mapping.isEmpty else { return CodeNames() }
        guard let kind, kind.isCode else {
            r.problem(
                at: map.node(for: "names")!, field: names.path,
                kind == .date
                    ? "only a field of codes has names; days have none"
                    : "only a field of codes has names (`format: language`, `currency` or `region`, or a list of"
                        + " them); this one is '\(format)'")
            return CodeNames()
        }
        var pairs: [(code: String, name: String)] = []
        for (codeNode, nameNode) in names.mapping {
            guard let code = codeNode.string else { continue }
            guard let name = r.scalarString(nameNode, path: names.path + "." + code) else { continue }
            pairs.append((String(code.trimmingWhitespace()), name))
        }
        return CodeNames(pairs)
    }

    /// `languages`, `note_languages`, `key_format`, `titles` and `translations`: which languages have the
    /// collection's pages and notes, and where its titles in each come from. Each names a language of
    /// `languages:` other than the default.
    private func readLanguages(_ map: YAMLReader.Map, into spec: inout CollectionSpec, _ r: inout YAMLReader) {
        for key in ["languages", "note_languages"] {
            guard let written = r.optionalString(map, key), let node = map.node(for: key) else { continue }
            if let known = CollectionLanguages(rawValue: written) {
                if key == "languages" { spec.languages = known } else { spec.noteLanguages = known }
            } else {
                r.problem(at: node, field: map.path + "." + key, "expected 'all' or 'default', found '\(written)'")
            }
        }
        if let written = r.optionalString(map, "key_format"), let node = map.node(for: "key_format") {
            let codes = FieldSpec.TextKind.codes
            if let kind = codes.first(where: { $0.rawValue == written }) {
                spec.keyFormat = kind
            } else {
                r.problem(
                    at: node, field: map.path + ".key_format",
                    "expected " + codes.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ", found '\(written)'"
                        + (DeclaredColumns.nearest(to: written, in: codes.map(\.rawValue)).map {
                            "; did you mean '\($0)'?"
                        }
                            ?? ""))
            }
        }
        let others = languages.dropFirst().map(\.id)
        for key in ["titles", "translations"] {
            guard let byLanguage = r.map(map, key) else { continue }
            for (idNode, valueNode) in byLanguage.mapping {
                guard let id = idNode.string else { continue }
                let path = "\(byLanguage.path).\(id)"
                guard others.contains(id) else {
                    let near = DeclaredColumns.nearest(to: id, in: others).map { "; did you mean '\($0)'?" }
                    r.problem(
                        at: idNode, field: path,
                        "names no language of `languages:` but the default: '\(id)'"
                            + (near ?? (others.isEmpty ? "; the site lists no other language" : "")))
                    continue
                }
                guard let value = r.scalarString(valueNode, path: path) else { continue }
                if key == "translations" {
                    r.checkRelativePath(value, in: byLanguage, key: id)
                    spec.translations[id] = value
                } else if let field = spec.fields.firstIndex(where: { $0.id == value }),
                    spec.fields[field].format == .text
                {
                    spec.titles[id] = field
                } else {
                    r.problem(
                        at: valueNode, field: path,
                        "expected a declared text field of '\(spec.id)' (with `show: false` to keep it off the page),"
                            + " found '\(value)'")
                }
            }
        }
    }

    /// `only:`: a number field and its bounds.
    private func selection(_ map: YAMLReader.Map, of spec: CollectionSpec, _ r: inout YAMLReader) -> RecordSelection? {
        let (min, max) = (r.optionalDouble(map, "min"), r.optionalDouble(map, "max"))
        guard let field = numberField(map, of: spec, &r), let node = map.node(for: "field") else { return nil }
        if min == nil && max == nil {
            r.problem(at: node, field: map.path, "expected 'min', 'max' or both: the bounds of the records kept")
            return nil
        }
        if let min, let max, min > max {
            r.problem(at: node, field: map.path, "'min' (\(min)) is above 'max' (\(max)): no record would be kept")
            return nil
        }
        return RecordSelection(field: field, min: min, max: max)
    }

    /// `rank:`: a number field and its order.
    private func rank(_ map: YAMLReader.Map, of spec: CollectionSpec, _ r: inout YAMLReader) -> RecordRank? {
        let order = r.string(map, "order", default: "descending")
        guard let field = numberField(map, of: spec, &r) else { return nil }
        guard order == "descending" || order == "ascending" else {
            r.problem(
                at: map.node(for: "order") ?? map.node, field: map.path + ".order",
                "expected 'descending' (largest first) or 'ascending', found '\(order)'")
            return nil
        }
        return RecordRank(field: field, descending: order == "descending")
    }

    /// The integer or decimal field that `map`'s `field` names (`only:`, `rank:`).
    private func numberField(_ map: YAMLReader.Map, of spec: CollectionSpec, _ r: inout YAMLReader) -> Int? {
        guard let name = r.string(map, "field"), let node = map.node(for: "field") else { return nil }
        guard let field = spec.fields.firstIndex(where: { $0.id == name }) else {
            r.problem(at: node, field: map.path + ".field", "names no declared field of '\(spec.id)': '\(name)'")
            return nil
        }
        guard spec.fields[field].format == .integer || spec.fields[field].format == .decimal else {
            r.problem(
                at: node, field: map.path + ".field",
                "expected an integer or decimal field; '\(name)' is '\(spec.fields[field].format.rawValue)'")
            return nil
        }
        return field
    }

    /// A description: a field's id, or a text with fields' ids in braces (also a language's, in
    /// `languages/<id>.yml`: `LanguageTextsReader`).
    static func description(
        _ text: String, of spec: CollectionSpec, at node: Node, path: String, _ r: inout YAMLReader
    ) -> PageDescription? {
        guard text.contains("{") || text.contains("}") else {
            guard let ref = spec.ref(for: text) else {
                r.problem(
                    at: node, field: path,
                    "names no field: '\(text)' is neither the key, the title nor a declared field of '\(spec.id)';"
                        + " a text with fields in braces ('{name} is a city in {country}.') is a template")
                return nil
            }
            return PageDescription(parts: [.field(ref)])
        }
        var parts: [PageDescription.Part] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            if rest[open] == "}" {
                r.problem(at: node, field: path, "a '}' closes no '{' in '\(text)'")
                return nil
            }
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                r.problem(at: node, field: path, "a '{' is not closed in '\(text)'")
                return nil
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let ref = r.resolve(name, in: spec, at: node, path) else { return nil }
            parts.append(.field(ref))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        return PageDescription(parts: parts)
    }

    /// The groups of a collection: each by a text field, a number field, a list field (a group per item) or
    /// a text field of the records a link field names (`country.continent`).
    private func groups(
        _ collection: YAMLReader.Map, of spec: CollectionSpec, in specs: [CollectionSpec], _ r: inout YAMLReader
    ) -> [GroupSpec] {
        var groups: [GroupSpec] = []
        for (position, item) in r.list(collection, "groups").enumerated() {
            guard let map = r.mapping(item, path: "\(collection.path).groups[\(position)]") else { continue }
            let name = r.string(map, "field") ?? ""
            let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let pages = r.string(map, "pages", default: parts.last ?? name)
            r.checkRelativePath(pages, in: map, key: "pages")
            let label = r.optionalString(map, "label")
            func problem(_ text: String) {
                r.problem(at: map.node(for: "field") ?? map.node, field: map.path + ".field", text)
            }
            guard let field = spec.fields.firstIndex(where: { $0.id == parts[0] }) else {
                if !name.isEmpty { problem("names no declared field of '\(spec.id)': '\(parts[0])'") }
                continue
            }
            let format = spec.fields[field].format
            var through: Int? = nil
            var shownLabel = spec.fields[field].label
            if parts.count == 2 {
                guard format == .link, let target = spec.fields[field].target, target < specs.count else {
                    problem(
                        "'\(name)' groups by a field of the records a link names; '\(parts[0])' is"
                            + " '\(format.rawValue)', not a link")
                    continue
                }
                let targetSpec = specs[target]
                guard let value = targetSpec.fields.firstIndex(where: { $0.id == parts[1] }),
                    targetSpec.fields[value].format == .text
                else {
                    problem(
                        "'\(parts[1])' is no text field of '\(targetSpec.id)', which '\(parts[0])' links to;"
                            + " its text fields are "
                            + targetSpec.fields.filter { $0.format == .text }.map { "'\($0.id)'" }.joined(
                                separator: ", "))
                    continue
                }
                through = value
                shownLabel = targetSpec.fields[value].label
            } else if ![.text, .list, .integer, .decimal].contains(format) {
                problem(
                    "a group field must be a text field (one value), a number (integer or decimal), a list field"
                        + " (one value per item) or '<link>.<field>' (the linked record's value); '\(name)' is"
                        + " '\(format.rawValue)'")
                continue
            }
            var group = GroupSpec(
                field: field, through: through, name: name, pagesFolder: pages, label: label ?? shownLabel)
            if let data = r.map(map, "structured_data") { group.structuredDataType = r.string(data, "type") }
            if let chart = r.map(map, "chart") { group.chart = self.chart(chart, of: spec, &r) }
            if let title = r.optionalString(map, "title") {
                if let problem = GroupSpec.titleProblem(title) {
                    r.problem(at: map.node(for: "title") ?? map.node, field: map.path + ".title", problem)
                } else {
                    group.title = title
                }
            }
            groups.append(group)
        }
        return groups
    }

    private func lists(
        _ collection: YAMLReader.Map, of position: Int, in specs: [CollectionSpec], _ r: inout YAMLReader
    ) -> [ListSpec] {
        var lists: [ListSpec] = []
        for (number, item) in r.list(collection, "lists").enumerated() {
            guard let map = r.mapping(item, path: "\(collection.path).lists[\(number)]") else { continue }
            let id = r.string(map, "id") ?? ""
            r.checkName(id, in: map, key: "id")
            let label = r.string(map, "label", default: id)
            let from = r.string(map, "from") ?? ""
            let via = r.string(map, "via") ?? ""
            let sort = r.optionalString(map, "sort")
            let order = r.string(map, "order", default: "ascending")
            let limit = r.int(map, "limit", default: 10, minimum: 1)
            if order != "ascending" && order != "descending" {
                r.problem(
                    at: map.node(for: "order")!, field: map.path + ".order",
                    "expected 'ascending' or 'descending', found '\(order)'")
            }
            if lists.contains(where: { $0.id == id }) {
                r.problem(
                    at: map.node(for: "id") ?? map.node, field: map.path + ".id", "list '\(id)' is declared twice")
            }
            guard let source = r.collection(named: from, among: specs.map(\.id), in: map, key: "from") else {
                continue
            }
            let fields = specs[source].fields
            guard let field = fields.firstIndex(where: { $0.id == via }), fields[field].format.isLink,
                fields[field].target == position
            else {
                r.problem(
                    at: map.node(for: "via") ?? map.node, field: map.path + ".via",
                    "expected a link or links field of '\(from)' that names '\(specs[position].id)', found '\(via)'")
                continue
            }
            var sortRef: SiteConfig.FieldRef?
            if let sort {
                sortRef = r.resolve(sort, in: specs[source], at: map.node(for: "sort")!, map.path + ".sort")
            }
            lists.append(
                ListSpec(
                    id: id, label: label, source: source, via: field, sort: sortRef, descending: order == "descending",
                    limit: limit))
        }
        return lists
    }

    /// Every folder of pages belongs to one collection or group, and none is `assets`, `search` or `data`.
    private func checkFolders(_ collections: [CollectionSpec], _ r: inout YAMLReader) {
        var owners: [String: String] = [
            "assets": "the assets", "search": "the search index", DownloadFormat.folder: "the data downloads",
        ]
        if collections.count == 1 { owners["sections"] = "the index's sections" }
        func claim(_ folder: String, by owner: String) {
            let first = String(folder.split(separator: "/").first ?? "")
            if let other = owners[folder] ?? owners[first] {
                r.problem(
                    at: top.node, field: owner,
                    "writes its pages to '\(folder)', which \(other) already uses; give it a folder of its own")
            }
            owners[folder] = owner
        }
        // Each language but the default has a folder of its own.
        for language in languages.dropFirst() { claim(language.id, by: "language '\(language.id)'") }
        for collection in collections {
            claim(collection.records.pagesFolder, by: "collection '\(collection.id)'")
            for group in collection.groups {
                claim(group.pagesFolder, by: "group '\(group.name)'")
            }
        }
    }
}
