/// How far apart two names are, for the suggestion an error gives ("did you mean 'search'?").
public enum EditDistance {
    /// The optimal string alignment distance: insertions, deletions, substitutions and transpositions
    /// of neighbours, each costing one ("serach" is one from "search").
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The name of `names` nearest `name`, ignoring case, when it is near enough to be the one meant: a few
    /// edits away. Of names as near, the first.
    public static func nearest(to name: String, in names: some Sequence<String>) -> String? {
        let nearest = names.map { (name: $0, distance: between(name.lowercased(), $0.lowercased())) }
            .min { $0.distance < $1.distance }
        guard let nearest, nearest.distance <= max(2, name.count / 3) else { return nil }
        return nearest.name
    }

    /// What an error adds to offer the name of `names` nearest `name` (`nearest`): "; did you mean 'x'?",
    /// or nothing when none is near enough.
    public static func suggestion(for name: String, among names: some Sequence<String>) -> String {
        nearest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
    }
}
