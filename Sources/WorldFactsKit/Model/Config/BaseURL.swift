/// The address a site is published at (`url:` in site.yml, or `worldfacts build --base-url`): http or
/// https, a host, and an optional path prefix, always ending in `/`. With it, pages carry canonical
/// links, link previews and structured data, and the build writes a sitemap and robots.txt.
public struct BaseURL: Sendable, Hashable {
    /// The address, ending in `/` (`https://example.org/facts/`).
    public let text: String

    /// The address as written, checked; a missing final `/` is added. Fails with what is wrong, for the
    /// caller to place (at the key's line, or naming the flag).
    public static func parse(_ written: String) -> Result<BaseURL, Problem> {
        let lowered = written.lowercased()
        let scheme = ["https://", "http://"].first { lowered.hasPrefix($0) }
        guard let scheme else {
            return .failure(
                Problem("expected an http or https address such as 'https://example.org/facts/', found '\(written)'"))
        }
        if let bad = written.unicodeScalars.first(where: { !Self.allowed($0) }) {
            let shown = bad.value < 0x21 || bad.value == 0x7F ? "a space or control character" : "'\(bad)'"
            return .failure(Problem("the address holds \(shown); write it percent-encoded (%20 for a space)"))
        }
        if written.contains("?") || written.contains("#") {
            return .failure(
                Problem("expected an address without a query or fragment (no '?' or '#'), found '\(written)'"))
        }
        let rest = written.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty, !host.hasPrefix("."), !host.contains("@") else {
            return .failure(Problem("expected a host after '\(scheme)', found '\(written)'"))
        }
        let text = scheme + rest
        return .success(BaseURL(text: text.hasSuffix("/") ? text : text + "/"))
    }

    /// Printable ASCII but for characters that cannot stand in a URL unencoded.
    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value < 0x7F && !"\"<>\\^`{|}".unicodeScalars.contains(scalar)
    }

    private init(text: String) { self.text = text }

    /// What is wrong with an address.
    public struct Problem: Error, Sendable {
        public let message: String
        init(_ message: String) { self.message = message }
    }

    /// The absolute address of the page at `path` (relative to the output's root). A folder's
    /// `index.html` is addressed as the folder, as hosts serve it.
    public func address(of path: String) -> String {
        var path = Substring(path)
        if path == "index.html" {
            path = ""
        } else if path.hasSuffix("/index.html") {
            path = path.dropLast("index.html".count)
        }
        return text + Self.percentEncoded(path)
    }

    /// A path's bytes that may not stand in a URL, percent-encoded (slugs are ASCII; folder names
    /// from site.yml need not be).
    static func percentEncoded(_ path: Substring) -> String {
        guard path.utf8.contains(where: { !unreserved($0) }) else { return String(path) }
        var result = ""
        for byte in path.utf8 {
            if unreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    private static func unreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return "-._~/".utf8.contains(byte)
        }
    }
}
