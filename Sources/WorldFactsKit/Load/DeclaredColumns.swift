import WorldFactsModel
import WorldFactsSupport

/// Checks the names site.yml declares for a collection (its key, its title and its fields) against the
/// columns its records file has: a CSV or TSV header, a SQLite query's result, or the members of any
/// JSON record. A declared name in none of them is an error that names the columns found and the nearest
/// one: a typo (`parnet`) would otherwise leave the field empty on every page, silently. A column that
/// nothing declares is only shown, and not read (`undeclared`, for `--stats`).
struct DeclaredColumns {
    let spec: CollectionSpec
    let file: String

    /// The declared names, each once, in declaration order.
    var declared: [String] {
        var names: [String] = []
        // A derived field (coordinates, a computation) has no column: it is made of others.
        for name in [spec.records.keyField, spec.records.titleField]
            + spec.fields.filter({ !$0.isDerived }).map(\.id)
        where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// An error for each declared name that no column has. `columnsAre` says where they were found
    /// ("the header has", "the query gives").
    func problems(columns: [String], columnsAre: String, line: Int? = 1) -> [Diagnostic] {
        let found = Set(columns)
        return declared.filter { !found.contains($0) }.map { name in
            var message = "no column is named '\(name)'; \(columnsAre) " + Self.list(columns)
            if let near = Self.nearest(to: name, in: columns) { message += "; did you mean '\(near)'?" }
            return .error(SourceLocation(file: file, line: line), field: name, message)
        }
    }

    /// The columns found that no name declares.
    func undeclared(columns: [String]) -> [String] {
        let names = Set(declared)
        return columns.filter { !names.contains($0) }
    }

    /// The names of the members of every object in a JSON or JSON Lines file, in the order first seen.
    static func members(of source: some RecordSource) -> [String] {
        var names: [String] = [], seen = Set<String>()
        _ = try? source.forEachRecord { node in
            guard case .object(let members) = node.value else { return }
            for member in members where seen.insert(member.key).inserted { names.append(member.key) }
        }
        return names
    }

    /// "code, name, parent" (up to 20 of them, then how many more).
    static func list(_ columns: [String]) -> String {
        guard !columns.isEmpty else { return "none" }
        let shown = columns.prefix(20).map { "'\($0)'" }.joined(separator: ", ")
        return columns.count > 20 ? shown + " and \(columns.count - 20) more" : shown
    }

    /// The column nearest a name, when it is near enough to be the one meant: a few edits away, or the
    /// same but for case and the spaces and control characters around it.
    static func nearest(to name: String, in columns: [String]) -> String? {
        let trimmed = columns.first { $0.trimmingWhitespace().lowercased() == name.lowercased() }
        if let trimmed { return trimmed }
        return EditDistance.nearest(to: name, in: columns)
    }
}
