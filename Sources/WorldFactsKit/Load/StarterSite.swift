import WorldFactsSupport

/// A first site.yml for a data file (`worldfacts init --from FILE`): a field per column, with the format
/// its values suggest; the key and the title guessed and marked for review; a search of the titles; every
/// key with a comment, as the shipped site.yml has. What the file is read with is what a build reads it
/// with (`RecordSource`), so a file the starter reads is a file the build reads.
public enum StarterSite {
    /// What one column's values suggest, gathered over every record.
    struct Column: Equatable {
        var name: String
        /// Records with a value (not null, not an empty cell).
        var present = 0
        var integers = 0, decimals = 0, texts = 0, lists = 0, others = 0
        /// The most fraction digits a decimal value has, as written.
        var fractionDigits = 0
        /// Distinct values, while they are all distinct (nil once one repeats).
        var distinct: Set<String>? = []

        /// The format a field of these values takes; nil when no format holds them all.
        var format: String? {
            if others > 0 || (lists > 0 && lists != present) { return nil }
            if lists > 0 { return "list" }
            if texts > 0 { return "text" }
            if decimals > 0 { return "decimal" }
            if integers > 0 { return "integer" }
            return "text"
        }

        mutating func add(_ value: JSONNode.Value, typed: Bool) {
            switch value {
            case .null: return
            case .string(let text) where text.isEmpty: return
            case .string(let text):
                if !typed, Int(text) != nil {
                    integers += 1
                } else if !typed, Double(text) != nil, text.allSatisfy({ "0123456789.-+eE".contains($0) }) {
                    decimals += 1
                    fractionDigits = max(fractionDigits, Self.fractionDigits(of: text))
                } else {
                    texts += 1
                }
                note(text)
            case .integer(let number):
                integers += 1
                note(String(number))
            case .number(let number):
                decimals += 1
                fractionDigits = max(fractionDigits, Self.fractionDigits(of: String(number)))
                note(String(number))
            case .array(let items):
                let allTexts = items.allSatisfy { if case .string = $0.value { true } else { false } }
                if allTexts { lists += 1 } else { others += 1 }
                distinct = nil
            case .bool, .object, .blob:
                others += 1
                distinct = nil
            }
            present += 1
        }

        /// The fraction digits of a number as written: "1.008" has 3, "2.5e-3" has 4, "12" and "1e3" none.
        static func fractionDigits(of text: String) -> Int {
            let parts = text.lowercased().split(separator: "e", maxSplits: 1)
            let mantissa = parts.first ?? ""
            let digits = mantissa.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
            let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            return max(0, digits - exponent)
        }

        private mutating func note(_ text: String) {
            guard distinct != nil else { return }
            if distinct!.insert(text).inserted == false { distinct = nil }
        }
    }

    /// The columns of the records of `path`, in the order they first appear, and how many records there
    /// are. `query` is the SQLite query (required for a database, refused for any other file).
    public static func read(
        path: String, query: String?, fileSystem: FileSystem = .disk
    ) throws(StageFailure) -> (columns: [ColumnSummary], records: Int) {
        func failure(_ message: String, line: Int? = nil, column: Int? = nil) -> StageFailure {
            StageFailure([.error(SourceLocation(file: path, line: line, column: column), message)])
        }
        guard let format = RecordsFormat(file: path) else {
            throw failure("cannot tell how to read this file; expected a name ending in \(RecordsFormat.extensions)")
        }
        if format == .sqlite, query == nil {
            throw failure("a database needs --query, the query whose rows are the records")
        }
        if format != .sqlite, query != nil { throw failure("--query is for a SQLite database only") }
        let untyped: CellTyper = { _, text, _, _ in .string(text) }
        func bytes() throws(StageFailure) -> [UInt8] {
            do { return try fileSystem.read(path) } catch { throw failure("cannot read the file: \(error)") }
        }
        let source: any RecordSource
        let typed: Bool
        switch format {
        case .json: (source, typed) = (JSONArraySource(bytes: try bytes()), true)
        case .jsonLines: (source, typed) = (JSONLinesSource(bytes: try bytes()), true)
        case .delimited(let separator):
            (source, typed) = (DelimitedSource(bytes: try bytes(), separator: separator, type: untyped), false)
        case .sqlite: (source, typed) = (SQLiteSource(path: path, query: query ?? "", type: untyped), false)
        }
        var columns: [Column] = []
        var index: [String: Int] = [:]
        var notObjects = 0
        let records: Int
        do {
            records = try source.forEachRecord { record in
                guard case .object(let members) = record.value else { return notObjects += 1 }
                for member in members {
                    let number =
                        index[member.key]
                        ?? {
                            index[member.key] = columns.count
                            columns.append(Column(name: member.key))
                            return columns.count - 1
                        }()
                    columns[number].add(member.node.value, typed: typed)
                }
            }
        } catch {
            throw failure(error.message, line: error.line, column: error.column)
        }
        if records == 0 { throw failure("no records to describe: the file holds none") }
        if notObjects > 0 { throw failure("\(notObjects) of \(records) records are not objects") }
        return (columns.map(ColumnSummary.init), records)
    }

    /// A column as the starter describes it.
    public struct ColumnSummary: Equatable, Sendable {
        public var name: String
        /// nil when no format holds every value (true/false, objects, a mix of lists and values).
        public var format: String?
        public var present: Int
        public var unique: Bool
        /// For a decimal column: the most fraction digits its values have.
        public var fractionDigits = 0

        init(_ column: Column) {
            name = column.name
            format = column.format
            present = column.present
            unique = column.distinct != nil
            fractionDigits = column.fractionDigits
        }
    }

    /// The guessed key: a column every record has, each a different text or integer, by preference
    /// one named as keys usually are.
    static func guessKey(_ columns: [ColumnSummary], records: Int) -> ColumnSummary? {
        let candidates = columns.filter {
            $0.present == records && $0.unique && ($0.format == "text" || $0.format == "integer")
        }
        let usual = ["id", "key", "code", "slug", "identifier"]
        return candidates.first { usual.contains($0.name.lowercased()) }
            ?? candidates.first { $0.name.lowercased().hasSuffix("id") || $0.name.lowercased().hasSuffix("code") }
            ?? candidates.first
    }

    /// The guessed title: a text column every record has, by preference one named as titles usually are.
    static func guessTitle(_ columns: [ColumnSummary], records: Int, key: ColumnSummary) -> ColumnSummary {
        let candidates = columns.filter { $0.present == records && $0.format == "text" && $0.name != key.name }
        let usual = ["name", "title", "label"]
        return candidates.first { usual.contains($0.name.lowercased()) }
            ?? candidates.first { usual.contains(where: $0.name.lowercased().contains) }
            ?? candidates.first ?? key
    }

    /// The site.yml text for the file named `file` (as site.yml names it: relative to the content folder).
    public static func yaml(
        file: String, query: String?, columns: [ColumnSummary], records: Int
    ) throws(StageFailure) -> String {
        guard let key = guessKey(columns, records: records) else {
            throw StageFailure([
                .error(
                    SourceLocation(file: file),
                    "no column can be the key: none has a value in every record, each a different one")
            ])
        }
        let title = guessTitle(columns, records: records, key: key)
        let name = file.split(separator: "/").last.map { String($0) } ?? file
        let stem = name.split(separator: ".").first.map { String($0) } ?? name
        var lines: [String] = [
            "# The site this data makes, written by `worldfacts init` from \(name) "
                + "(\(Plural.count(records, "record"))):",
            "# check the lines marked CHECK, then build with `worldfacts build --content <this folder>`.",
            "# Every key is explained in docs/site-yml.md.",
            "title: \(scalar(label(stem)))",
            "locale: en                 # number formats and the pages' language",
            "",
            "records:",
            "  file: \(scalar(file))",
        ]
        if let query { lines.append("  query: \(scalar(query))   # its rows are the records") }
        lines += [
            "  key: \(scalar(key.name))   # CHECK: guessed; every record has a different one, and it names its page",
            "  title: \(scalar(title.name))   # CHECK: guessed; shown, sorted and sectioned",
            "  pages: records           # record pages go to <output>/records/<key>.html",
            "",
            "# Detail fields, in the order the facts table shows them; the format is guessed from the values.",
            "# format: text | integer | decimal | list (of texts) | link, links (to records, by key)",
            "fields:",
        ]
        for column in columns where column.name != key.name && column.name != title.name {
            if let format = column.format {
                let missing = records - column.present
                var notes = missing > 0 ? ["\(Plural.count(missing, "record")) without one"] : []
                // A decimal shows as many fraction digits as its values have, never silently fewer.
                var digits = ""
                if format == "decimal" {
                    let shown = min(column.fractionDigits, Self.mostFractionDigits)
                    digits = ", digits: \(shown)"
                    if column.fractionDigits > shown {
                        notes.append("values have up to \(column.fractionDigits) fraction digits; shown to \(shown)")
                    }
                }
                let note = notes.isEmpty ? "" : "   # " + notes.joined(separator: "; ")
                let field = "id: \(scalar(column.name)), label: \(scalar(label(column.name))), format: \(format)"
                lines.append("  - { \(field)\(digits) }" + note)
            } else {
                lines.append(
                    "  # - \(column.name): left out, no format holds its values (true/false, objects, or a mix)")
            }
        }
        lines.append(
            "  - { id: \(scalar(key.name)), label: \(scalar(label(key.name))), format: \(key.format ?? "text") }")
        lines += [
            "",
            "# The search box: a scope per set of fields searched, the first checked.",
            "search:",
            "  scopes:",
            "    - { id: title, label: \(scalar(label(title.name))), fields: [\(scalar(title.name))] }",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The most fraction digits a starter's decimal field shows.
    static let mostFractionDigits = 6

    /// "population_total" → "Population total".
    static func label(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " })
        let text = words.joined(separator: " ")
        guard let first = text.first else { return name }
        return first.uppercased() + text.dropFirst()
    }

    /// A YAML plain scalar when the text is one, else a double-quoted one.
    static func scalar(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789_- .".contains(Character($0)) }
            && text.first != " " && text.last != " " && text.first != "-"
            && !["true", "false", "yes", "no", "null", "on", "off", "~"].contains(text.lowercased())
            && Int(text) == nil && Double(text) == nil
        // A JSON string is a YAML double-quoted scalar.
        return plain ? text : JSONText.quoted(text)
    }
}
