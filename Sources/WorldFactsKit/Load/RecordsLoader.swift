import Algorithms
import WorldFactsModel
import WorldFactsSupport

/// Reads the records file (a JSON array of objects) and validates every record against the schema in
/// site.yml: key and title present and textual, each field of its declared type, keys unique.
public struct RecordsLoader: Sendable {
    public let collection: CollectionSpec
    public let file: String

    public init(collection: CollectionSpec, file: String) {
        self.collection = collection
        self.file = file
    }

    /// Files with fewer records than this are read in one pass; larger ones in parallel.
    static let parallelAbove = 4_096

    public func load(bytes: [UInt8]) -> ([Record], [Diagnostic]) {
        if let starts = JSONParser.elementStarts(bytes), starts.count > Self.parallelAbove,
            let loaded = loadInParallel(bytes: bytes, starts: starts)
        {
            return (loaded.records, loaded.diagnostics)
        }
        return loadInOrder(bytes: bytes)
    }

    /// Member name → field position, built once per load.
    /// A derived field has no member of its own: it is made of others (`derive`).
    var fieldPositions: [String: Int] {
        Dictionary(
            collection.fields.enumerated().filter { !$1.isDerived }.map { ($1.id, $0) },
            uniquingKeysWith: { _, last in last })
    }

    /// The values no member holds, made of the record's others: each coordinates field's and each computed
    /// field's, whose inputs are fields that are read (site.yml allows no other).
    static func derive(_ values: inout [FieldValue], fields: [FieldSpec]) {
        for (position, field) in fields.enumerated() where field.isDerived {
            if let from = field.coordinates {
                values[position] = Coordinates.text(latitude: values[from.latitude], longitude: values[from.longitude])
            } else if let compute = field.compute {
                values[position] = compute.fieldValue(values, integer: field.format == .integer)
            }
        }
    }

    /// What validating one element gave: a record, or the problems that kept it out.
    enum Outcome {
        case record(Record, line: Int, column: Int)
        /// A record kept from a memo of the file's last load, on its new line.
        case kept(Record, line: Int, column: Int)
        case problems([Diagnostic])
    }

    /// Parses and validates the elements in chunks on every core, then checks keys in file order, so the
    /// records and diagnostics are those `loadInOrder` gives. Nil at a syntax error: the caller then
    /// reads the file in order, which reports the first one. With `splice`, an element it knows keeps
    /// its record.
    /// With `keepsKeys` (for a memo), gives the hashes of the keys too.
    func loadInParallel(
        bytes: [UInt8], starts: [JSONParser.ElementStart], splice: JSONRecordsMemo.Splice? = nil,
        keepsKeys: Bool = false
    ) -> (records: [Record], diagnostics: [Diagnostic], keys: KeyHashes?)? {
        let positionByName = fieldPositions
        let reader = recordReader()
        let chunks = 64
        // Each chunk's outcomes, and the old positions of the records it kept from `splice`'s memo.
        let outcomes = Parallel.map(chunks) { [positionByName] chunk -> ([Outcome], kept: [Int])? in
            let elements = (starts.count * chunk / chunks)..<(starts.count * (chunk + 1) / chunks)
            var outcomes: [Outcome] = []
            var kept: [Int] = []
            outcomes.reserveCapacity(elements.count)
            // The reader and the splice are called through `?`, which borrows them: `if let` copied each
            // for every element, retaining and releasing every array and text of the collection's spec.
            let parsed: Bool = {
                for element in elements {
                    let start = starts[element]
                    let column = start.index - start.lineStart + 1
                    let end = element + 1 < starts.count ? starts[element + 1].index : bytes.count
                    if let (record, old) = splice?.record(at: start, end: end) {
                        outcomes.append(.kept(record, line: start.line, column: column))
                        kept.append(old)
                        continue
                    }
                    if let record = reader?.read(bytes, at: start.index, line: start.line) {
                        outcomes.append(.record(record, line: start.line, column: column))
                        continue
                    }
                    guard let node = try? JSONParser.parseElement(bytes, at: start) else { return false }
                    outcomes.append(outcome(of: node, positionByName))
                }
                return true
            }()
            guard parsed else { return nil }
            return (outcomes, kept)
        }
        var read: [[Outcome]] = []
        var kept = [Bool](repeating: false, count: splice?.memo.records.count ?? 0)
        for chunk in outcomes {
            guard let chunk else { return nil }
            read.append(chunk.0)
            for old in chunk.kept { kept[old] = true }
        }
        let known = splice.map { KnownKeys(hashes: $0.memo.keys, old: $0.memo.records, kept: kept) }
        return taken(read, capacity: starts.count, known: known, keepsKeys: keepsKeys)
    }

    /// What validating one element gives.
    func outcome(of node: JSONNode, _ positionByName: [String: Int]) -> Outcome {
        var problems: [Diagnostic] = []
        guard let record = validate(node, positionByName, &problems) else { return .problems(problems) }
        return .record(record, line: node.line, column: node.column)
    }

    /// What validating one CSV or TSV row gives: read directly when it is plain (`DelimitedRecordReader`),
    /// else as its object.
    func outcome(
        of row: [DelimitedSource.Cell], source: DelimitedSource, header: [DelimitedSource.Cell],
        _ reader: DelimitedRecordReader?, _ positionByName: [String: Int]
    ) -> Outcome {
        if let record = reader?.record(row) { return .record(record, line: record.line, column: 1) }
        return outcome(of: source.node(of: row, header: header), positionByName)
    }

    /// What a load from a memo knows of the keys: the memo's key hashes, its records, and which of them
    /// (by position) the load kept.
    struct KnownKeys {
        var hashes: KeyHashes?
        var old: [Record]
        var kept: [Bool]
    }

    /// The records of outcomes in file order, each key taken once (`UniqueKeys`), every problem, and, with
    /// `keepsKeys` or `known` (for a memo), the hashes of the keys (when no two share one). With `known`,
    /// when the keys read are new to the kept records and to each other (`KeyHashes.updated`), the
    /// outcomes' records are taken as they are.
    func taken(_ chunks: [[Outcome]], capacity: Int, known: KnownKeys? = nil, keepsKeys: Bool = false) -> (
        records: [Record], diagnostics: [Diagnostic], keys: KeyHashes?
    ) {
        if let known, let hashes = known.hashes {
            var records: [Record] = [], read: [Record] = [], diagnostics: [Diagnostic] = []
            records.reserveCapacity(capacity)
            for chunk in chunks {
                for outcome in chunk {
                    switch outcome {
                    case .problems(let problems): diagnostics.append(contentsOf: problems)
                    case .record(let record, _, _):
                        records.append(record)
                        read.append(record)
                    case .kept(let record, _, _): records.append(record)
                    }
                }
            }
            if let updated = hashes.updated(old: known.old, kept: known.kept, read: read) {
                return (records, diagnostics, diagnostics.isEmpty ? updated : nil)
            }
        }
        var keys = UniqueKeys(file: file, keyField: collection.records.keyField, capacity: capacity)
        var diagnostics: [Diagnostic] = []
        for chunk in chunks {
            for outcome in chunk {
                switch outcome {
                case .problems(let problems): diagnostics.append(contentsOf: problems)
                case .record(let record, let line, let column), .kept(let record, let line, let column):
                    if let duplicate = keys.take(record, line: line, column: column) { diagnostics.append(duplicate) }
                }
            }
        }
        let keepsKeys = keepsKeys || known != nil
        return (keys.records, diagnostics, keepsKeys && diagnostics.isEmpty ? keys.keyHashes : nil)
    }

    /// The direct reader for plain records, checking values as `validate` does.
    func recordReader() -> JSONRecordReader? {
        JSONRecordReader(collection: collection, convert: convert, requiredText: requiredText)
    }

    func loadInOrder(bytes: [UInt8]) -> ([Record], [Diagnostic]) {
        load(from: JSONArraySource(bytes: bytes))
    }

    /// A CSV or TSV file: above `parallelAbove` records, its rows are cut into parts that are read and
    /// validated on every core, then their keys checked in file order, which gives what reading it in
    /// order gives. At a malformed place it is read in order, which reports the first one.
    func load(delimited source: DelimitedSource) -> ([Record], [Diagnostic]) {
        let loaded = load(delimited: source, keepsKeys: false)
        return (loaded.records, loaded.diagnostics)
    }

    /// `load(delimited:)`, with `keepsKeys` (for a memo) the hashes of the keys too (when no two share one).
    func load(delimited source: DelimitedSource, keepsKeys: Bool) -> (
        records: [Record], diagnostics: [Diagnostic], keys: KeyHashes?
    ) {
        if source.bytes.count > Self.parallelAbove * 32 {
            return load(delimited: source, parts: 64, keepsKeys: keepsKeys)
        }
        let (records, diagnostics) = load(from: source)
        return (records, diagnostics, keepsKeys && diagnostics.isEmpty ? KeyHashes.of(records) : nil)
    }

    /// CSV or TSV bytes (`separator` a comma or a tab) read in order (`parts` 1), or cut into `parts` at
    /// row boundaries and read on every core, as a large records file is: for fuzzing, which checks that
    /// the two agree on any bytes.
    public func load(delimited bytes: [UInt8], separator: UInt8, parts: Int) -> ([Record], [Diagnostic]) {
        let source = DelimitedSource(bytes: bytes, separator: separator, type: cellTyper())
        if parts > 1 {
            let loaded = load(delimited: source, parts: parts)
            return (loaded.records, loaded.diagnostics)
        }
        return load(from: source)
    }

    /// The source cut into `count` parts at row boundaries, each read on its own; read in order instead when
    /// a part fails (so that the error is the one reading in order finds) or holds no record.
    /// With `keepsKeys` (for a memo), gives the hashes of the keys too.
    func load(delimited source: DelimitedSource, parts count: Int, keepsKeys: Bool = false) -> (
        records: [Record], diagnostics: [Diagnostic], keys: KeyHashes?
    ) {
        func inOrder() -> ([Record], [Diagnostic], KeyHashes?) {
            let (records, diagnostics) = load(from: source)
            return (records, diagnostics, keepsKeys && diagnostics.isEmpty ? KeyHashes.of(records) : nil)
        }
        guard let (header, rows) = try? source.header() else { return inOrder() }
        let parts = source.parts(of: rows, count: count)
        let positionByName = fieldPositions
        let reader = DelimitedRecordReader(collection: collection, header: header, positionByName: positionByName)
        let outcomes = Parallel.map(parts.count) { part -> [Outcome]? in
            var outcomes: [Outcome] = []
            do throws(SourceError) {
                _ = try source.readRows(in: parts[part], header: header) { row in
                    outcomes.append(outcome(of: row, source: source, header: header, reader, positionByName))
                }
            } catch {
                return nil
            }
            return outcomes
        }
        var read: [[Outcome]] = []
        for part in outcomes {
            guard let part else { return inOrder() }
            read.append(part)
        }
        let count = read.reduce(0) { $0 + $1.count }
        guard count > 0 else { return inOrder() }
        return taken(read, capacity: count, keepsKeys: keepsKeys)
    }

    /// Reads and validates the records of any source, in order, one record at a time.
    func load(from source: some RecordSource) -> ([Record], [Diagnostic]) {
        var keys = UniqueKeys(file: file, keyField: collection.records.keyField)
        var diagnostics: [Diagnostic] = []
        // Member lookup by name → field position, built once.
        let positionByName = fieldPositions
        do throws(SourceError) {
            let count = try source.forEachRecord { node in
                guard let record = validate(node, positionByName, &diagnostics) else { return }
                if let duplicate = keys.take(record, line: node.line, column: node.column) {
                    diagnostics.append(duplicate)
                }
            }
            if count == 0 {
                diagnostics.append(
                    .error(
                        SourceLocation(file: file, line: 1), "the records file holds no records; expected at least one")
                )
            }
            return (keys.records, diagnostics)
        } catch {
            diagnostics.append(
                .error(SourceLocation(file: file, line: error.line, column: error.column), error.message))
            return ([], diagnostics)
        }
    }

    /// Types a text cell (CSV, TSV, a SQLite text) by the schema: a number where the field is a number
    /// and the text is one (any other text stays a text, which validation then refuses with its place),
    /// a list split at the field's separator.
    func cellTyper() -> CellTyper {
        let positionByName = fieldPositions
        let fields = collection.fields
        return { column, text, line, cellColumn in
            guard let position = positionByName[column] else { return .string(text) }
            let field = fields[position]
            switch field.format {
            case .text, .link: return .string(text)
            case .integer: return Int(text).map { .integer($0) } ?? .string(text)
            case .decimal:
                if let number = Int(text) { return .integer(number) }
                return Double(text).map { .number($0) } ?? .string(text)
            case .list, .links:
                return .array(
                    text.components(separatedBy: field.separator).map { $0.trimmingWhitespace() }.filter {
                        !$0.isEmpty
                    }.map { JSONNode(value: .string(String($0)), line: line, column: cellColumn) })
            }
        }
    }

    private func location(_ node: JSONNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column)
    }

    private func validate(
        _ node: JSONNode, _ positionByName: [String: Int], _ diagnostics: inout [Diagnostic]
    ) -> Record? {
        guard case .object(let members) = node.value else {
            diagnostics.append(.error(location(node), "expected a record object, found \(node.typeName)"))
            return nil
        }
        var key: String?
        var title: String?
        var values = [FieldValue](repeating: .missing, count: collection.fields.count)
        var problems: [Diagnostic] = []
        var seen = Set<String>()
        for member in members {
            if !seen.insert(member.key).inserted {
                problems.append(.error(location(member.node), field: member.key, "member appears twice in one record"))
            }
            if member.key == collection.records.keyField {
                key = requiredText(member.key, member.node, &problems)
            }
            if member.key == collection.records.titleField {
                title = requiredText(member.key, member.node, &problems)
            }
            if let position = positionByName[member.key] {
                values[position] = convert(member.node, collection.fields[position], &problems)
            }
        }
        Self.derive(&values, fields: collection.fields)
        let name = key ?? "at line \(node.line)"
        if key == nil, !problems.contains(where: { $0.field == collection.records.keyField }) {
            problems.append(
                .error(location(node), field: collection.records.keyField, "missing key; expected a non-empty text"))
        }
        if title == nil, !problems.contains(where: { $0.field == collection.records.titleField }) {
            problems.append(
                .error(location(node), field: collection.records.titleField, "missing title; expected a non-empty text")
            )
        }
        for (position, field) in collection.fields.enumerated() where field.required {
            if values[position] == .missing, !problems.contains(where: { $0.field == field.id }) {
                problems.append(.error(location(node), field: field.id, "missing required field"))
            }
        }
        if !problems.isEmpty {
            diagnostics.append(
                contentsOf: problems.map {
                    var d = $0; d.record = name; return d
                })
            return nil
        }
        return Record(key: key!, title: title!, values: values, line: node.line)
    }

    /// The text of the member `name`: the key or the title.
    private func requiredText(_ name: String, _ node: JSONNode, _ problems: inout [Diagnostic]) -> String? {
        switch node.value {
        case .string(let text) where !text.trimmingWhitespace().isEmpty:
            return text
        case .integer(let number) where name == collection.records.keyField:
            return String(number)  // numeric keys (GeoNames ids) are keys too
        default:
            problems.append(.error(location(node), field: name, "expected a non-empty text, found \(describe(node))"))
            return nil
        }
    }

    private func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text):
            return text.isEmpty || text.trimmingWhitespace().isEmpty
                ? "an empty text" : "the text \"\(text.prefix(40))\""
        case .integer(let number): return "the number \(number)"
        case .number(let number): return "the number \(number)"
        default: return node.typeName
        }
    }

    /// " of at least -90 and at most 90": the bounds a number field declares, or none.
    private func minimumText(_ field: FieldSpec) -> String {
        func text(_ bound: Double) -> String { bound == bound.rounded() ? String(Int(bound)) : String(bound) }
        let bounds = [field.minimum.map { "at least " + text($0) }, field.maximum.map { "at most " + text($0) }]
            .compactMap { $0 }
        return bounds.isEmpty ? "" : " of " + bounds.joined(separator: " and ")
    }

    /// Whether a number lies within the field's bounds.
    private func inBounds(_ number: Double, _ field: FieldSpec) -> Bool {
        number >= field.minimum ?? -.infinity && number <= field.maximum ?? .infinity
    }

    private func convert(_ node: JSONNode, _ field: FieldSpec, _ problems: inout [Diagnostic]) -> FieldValue {
        func wrong(_ expected: String) -> FieldValue {
            problems.append(.error(location(node), field: field.id, "expected \(expected), found \(describe(node))"))
            return .missing
        }
        if case .null = node.value { return .missing }
        switch field.format {
        case .text, .link:
            switch node.value {
            case .string(let text): return .text(text)
            // A yes or no as JSON writes it, or as a number.
            case .bool(let truth) where field.shownAs?.kind == .boolean: return .text(truth ? "true" : "false")
            case .integer(let number) where field.shownAs?.kind == .boolean: return .text(String(number))
            case .integer(let number) where field.format == .link: return .text(String(number))  // numeric keys
            case .integer, .number:
                return wrong("a text (declare the field `integer` or `decimal` to take a number)")
            default: return wrong("a text")
            }
        case .integer:
            switch node.value {
            case .integer(let number) where inBounds(Double(number), field): return .integer(number)
            case .number(let number) where inBounds(number, field) && number == number.rounded() && abs(number) < 9e15:
                return .integer(Int(number))
            default: return wrong("a whole number" + minimumText(field))
            }
        case .decimal:
            switch node.value {
            case .integer(let number) where inBounds(Double(number), field): return .decimal(Double(number))
            case .number(let number) where inBounds(number, field) && number.isFinite: return .decimal(number)
            default: return wrong("a number" + minimumText(field))
            }
        case .list, .links:
            guard case .array(let items) = node.value else { return wrong("a list of texts") }
            var texts: [String] = []
            for item in items {
                if field.format == .links, case .integer(let number) = item.value {
                    texts.append(String(number))  // numeric keys
                    continue
                }
                guard case .string(let text) = item.value else {
                    problems.append(
                        .error(
                            location(item), field: field.id, "expected a list of texts, found \(describe(item)) in it"))
                    return .missing
                }
                texts.append(text)
            }
            return .list(texts)
        }
    }
}
