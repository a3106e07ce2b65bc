/// Joins path parts with "/", ignoring empty ones; a part from the root ("/…") starts the path again.
public func joinPath(_ parts: String...) -> String {
    parts.reduce("") { joinPath($0, $1) }
}

/// Two path parts joined as `joinPath(_:)` joins them, without an array of parts, made at its final size:
/// the writer joins the output folder and a page's path for every file it writes.
public func joinPath(_ a: String, _ b: String) -> String {
    if a.isEmpty || b.hasPrefix("/") { return b }
    if b.isEmpty { return a }
    return a.hasSuffix("/") ? concat(a, b) : concat(a, "/", b)
}
