/// Joins path parts with "/", ignoring empty ones.
public func joinPath(_ parts: String...) -> String {
    var result = ""
    for part in parts where !part.isEmpty {
        if result.isEmpty || part.hasPrefix("/") { result = part; continue }
        result += result.hasSuffix("/") ? part : "/" + part
    }
    return result
}
