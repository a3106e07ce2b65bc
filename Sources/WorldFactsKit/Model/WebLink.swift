/// A value of a `url` or `email` field as a record page links it: the address the link goes to, and the
/// shorter text it shows. An address that is no `http`/`https` URL, or no plain e-mail address, is shown as
/// it is, unlinked (a `javascript:` URL is never a link).
public enum WebLink {
    /// The most characters a web address shows; the rest is cut, with "…".
    public static let shownLength = 40

    /// Where a value of `kind` links to; nil when it is no address of that kind.
    public static func href(_ kind: FieldSpec.TextKind, _ text: String) -> String? {
        let value = String(text.trimmingWhitespace())
        guard !value.isEmpty, !value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
        else { return nil }
        switch kind {
        case .url:
            let lower = value.lowercased()
            return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? value : nil
        case .email:
            let parts = value.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
                !value.contains(where: { "?#&/:\"<>".contains($0) })
            else { return nil }
            return "mailto:" + value
        default:
            return nil
        }
    }

    /// A web address as a page shows it: without `http://`, `https://` and `www.`, nor a last `/`, and cut
    /// at `shownLength` characters.
    public static func shortened(_ text: String) -> String {
        var shown = Substring(text.trimmingWhitespace())
        for prefix in ["https://", "http://", "www."] where shown.lowercased().hasPrefix(prefix) {
            shown = shown.dropFirst(prefix.count)
        }
        if shown.hasSuffix("/") { shown = shown.dropLast() }
        return shown.count > shownLength ? String(shown.prefix(shownLength - 1)) + "…" : String(shown)
    }
}
