/// Joins path parts with "/", ignoring empty ones.
public func joinPath(_ parts: String...) -> String {
    var result = ""
    for part in parts where !part.isEmpty {
        if result.isEmpty || part.hasPrefix("/") { result = part; continue }
        result += result.hasSuffix("/") ? part : "/" + part
    }
    return result
}

/// `joinPath(a, b)` without an array of parts, made at its final size: the writer joins the output
/// folder and a page's path for every file it writes.
public func joinPath(_ a: String, _ b: String) -> String {
    if a.isEmpty || b.hasPrefix("/") { return b }
    if b.isEmpty { return a }
    return a.hasSuffix("/") ? concat(a, b) : concat(a, "/", b)
}
