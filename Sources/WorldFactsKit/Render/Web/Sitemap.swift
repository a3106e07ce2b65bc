import WorldFactsModel
import WorldFactsMustache
import WorldFactsOutput
import WorldFactsSupport

/// The sitemap of a site with a base URL, per the sitemaps.org protocol: every page once, with the day
/// its bytes last changed (`lastmod`). Up to 50,000 addresses and 50 MB it is one `sitemap.xml`; above,
/// `sitemap.xml` is a sitemap index of `sitemap-1.xml`, `sitemap-2.xml`, … beside it (a sitemap may
/// list only addresses under its own folder, so they stay at the root). And `robots.txt`, naming it.
public struct Sitemap: Sendable {
    public let url: BaseURL
    /// The most addresses, and bytes, one sitemap file holds (the protocol's limits).
    public var urlsPerFile = 50_000
    public var bytesPerFile = 50 * 1_000_000

    public init(url: BaseURL) { self.url = url }

    public static let fileName = "sitemap.xml"
    public static let robotsName = "robots.txt"
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    /// Whether a written file is a page the sitemap lists: a page of HTML, but the 404 page (served
    /// wherever a page is missing) and the theme's assets.
    public static func lists(_ path: String) -> Bool {
        path.hasSuffix(".html") && path != "404.html" && !path.hasPrefix("assets/")
    }

    /// The sitemap files for `pages` (path from the output's root, and day as `YYYY-MM-DD`), in the
    /// order given, and robots.txt.
    public func files(pages: [(path: String, day: String)]) -> [OutputFile] {
        var parts: [(text: [UInt8], lastDay: String)] = []
        var part: [UInt8] = [], count = 0, lastDay = ""
        let head = Array("\(Self.declaration)<urlset xmlns=\"\(Self.namespace)\">\n".utf8)
        let tail = Array("</urlset>\n".utf8)
        for page in pages {
            let entry = Array(
                "<url><loc>\(Self.escaped(url.address(of: page.path)))</loc><lastmod>\(page.day)</lastmod></url>\n".utf8
            )
            if count == urlsPerFile || (count > 0 && head.count + part.count + entry.count + tail.count > bytesPerFile)
            {
                parts.append((head + part + tail, lastDay))
                part = []
                count = 0
                lastDay = ""
            }
            part += entry
            count += 1
            lastDay = max(lastDay, page.day)
        }
        parts.append((head + part + tail, lastDay))
        var files: [OutputFile]
        if parts.count == 1 {
            files = [OutputFile(path: Self.fileName, bytes: parts[0].text)]
        } else {
            var index = "\(Self.declaration)<sitemapindex xmlns=\"\(Self.namespace)\">\n"
            files = []
            for (number, part) in parts.enumerated() {
                let name = "sitemap-\(number + 1).xml"
                files.append(OutputFile(path: name, bytes: part.text))
                index +=
                    "<sitemap><loc>\(Self.escaped(url.text + name))</loc>"
                    + (part.lastDay.isEmpty ? "" : "<lastmod>\(part.lastDay)</lastmod>") + "</sitemap>\n"
            }
            index += "</sitemapindex>\n"
            files.insert(OutputFile(path: Self.fileName, text: index), at: 0)
        }
        files.append(
            OutputFile(path: Self.robotsName, text: "User-agent: *\nAllow: /\n\nSitemap: \(url.text + Self.fileName)\n")
        )
        return files
    }

    /// An address as XML text: escaped as HTML text is (`&`, `<`, `>` and quotes), which XML reads too.
    static func escaped(_ text: String) -> String { HTMLEscape.text(text) }

    /// The day each page's bytes last changed, as the last build's sitemap says, by path: `text` is a
    /// sitemap of this base URL, or an index whose sitemaps `read` gives (by file name). Addresses not
    /// under this base URL (the last build had another) are left out.
    public func lastDays(_ text: [UInt8], read: (String) -> [UInt8]?) -> [String: String] {
        var days: [String: String] = [:]
        let sitemaps = Self.elements("sitemap", in: text)
        if sitemaps.isEmpty {
            collect(text, into: &days)
        } else {
            for sitemap in sitemaps {
                guard let loc = Self.value("loc", in: sitemap), let path = path(of: loc),
                    !path.utf8.contains(UInt8(ascii: "/")),
                    let bytes = read(path)
                else { continue }
                collect(bytes, into: &days)
            }
        }
        return days
    }

    private func collect(_ text: [UInt8], into days: inout [String: String]) {
        for entry in Self.elements("url", in: text) {
            guard let loc = Self.value("loc", in: entry), let day = Self.value("lastmod", in: entry),
                let path = path(of: loc)
            else { continue }
            days[path] = day
        }
    }

    /// The path of an address of this site (`address(of:)` undone), or nil when it is not one.
    func path(of address: String) -> String? {
        guard address.hasPrefix(url.text) else { return nil }
        var path = String(address.dropFirst(url.text.count))
        if path.utf8.contains(UInt8(ascii: "%")) { path = Self.percentDecoded(path) }
        if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
        return path
    }

    /// The contents of every `<name>…</name>` element of `text`, in order.
    static func elements(_ name: String, in text: some Collection<UInt8>) -> [ArraySlice<UInt8>] {
        let text = ArraySlice(text)
        let open = Array("<\(name)>".utf8), close = Array("</\(name)>".utf8)
        var found: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        while let from = firstIndex(of: open, in: text, from: start) {
            let contents = from + open.count
            guard let to = firstIndex(of: close, in: text, from: contents) else { break }
            found.append(text[contents..<to])
            start = to + close.count
        }
        return found
    }

    /// The text of the first `<name>` element of `text`, its entities undone. A character is looked for in
    /// the UTF-8 here and in `path(of:)`: Foundation's `contains` on a `String` went through `NSString`, for
    /// every address and day of the last sitemap.
    static func value(_ name: String, in text: ArraySlice<UInt8>) -> String? {
        guard let contents = elements(name, in: text).first else { return nil }
        let raw = String(String(decoding: contents, as: UTF8.self).trimmingWhitespace())
        guard raw.utf8.contains(UInt8(ascii: "&")) else { return raw }
        return raw.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func firstIndex(of pattern: [UInt8], in text: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard let first = pattern.first, text.endIndex - start >= pattern.count else { return nil }
        var at = start
        let last = text.endIndex - pattern.count
        while at <= last {
            guard let found = text[at...last].firstIndex(of: first) else { return nil }
            if text[found..<(found + pattern.count)].elementsEqual(pattern) { return found }
            at = found + 1
        }
        return nil
    }

    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A day of the calendar (UTC), as sitemaps write it: `YYYY-MM-DD`.
public enum CalendarDay {
    /// The day of a moment, in seconds since 1970 (proleptic Gregorian calendar; Howard Hinnant's
    /// `civil_from_days`).
    public static func of(secondsSince1970 seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPart = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
        let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
