import WorldFactsModel
import WorldFactsMustache
import WorldFactsOutput
import WorldFactsSupport

/// `changes.xml`, the feed of changes as Atom (RFC 4287), for a site with a base URL: an entry per build that
/// changed the data, linked to its place on `changes.html`, its content the records it names.
struct ChangesFeed {
    let url: BaseURL
    let site: Site
    /// The locale's number formatter, made once for every entry's counts.
    let numbers: LocaleFormats

    init(url: BaseURL, site: Site) {
        self.url = url
        self.site = site
        numbers = LocaleFormats(locale: site.config.locale)
    }

    func file(_ entries: [ChangeViews.Entry]) -> OutputFile {
        let folder = site.config.folder
        let page = url.address(of: folder + ChangesContext.fileName)
        let strings = site.config.strings
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text +=
            "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(escaped(SiteValues.lang(of: site.config)))\">\n"
        text += element("title", strings.changes + " – " + site.config.title)
        text += "<id>\(escaped(url.address(of: folder + ChangesContext.feedName)))</id>\n"
        text += "<link rel=\"self\" href=\"\(escaped(url.address(of: folder + ChangesContext.feedName)))\"/>\n"
        text += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escaped(page))\"/>\n"
        text += "<updated>\(escaped(entries.first?.time ?? "1970-01-01T00:00:00Z"))</updated>\n"
        text += "<author><name>\(escaped(site.config.title))</name></author>\n"
        for entry in entries {
            text += "<entry>\n"
            text += element("title", title(entry))
            // Unique across histories: a history that starts again numbers its entries from 1 again.
            text += "<id>\(escaped(page))#\(entry.anchor)-\(escaped(entry.time))</id>\n"
            text += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escaped(page))#\(entry.anchor)\"/>\n"
            text += "<updated>\(escaped(entry.time))</updated>\n"
            text += "<content type=\"html\">\(escaped(content(entry)))</content>\n"
            text += "</entry>\n"
        }
        text += "</feed>\n"
        return OutputFile(path: folder + ChangesContext.feedName, bytes: Array(text.utf8))
    }

    /// "Added 1, Removed 2, Changed 3", or the first entry's words, with the day.
    private func title(_ entry: ChangeViews.Entry) -> String {
        if entry.created != nil { return site.config.strings.changesCreated + ": " + entry.day }
        return entry.groups.map { "\($0.label) \(numbers.format($0.items.count))" }.joined(separator: ", ")
            + (entry.more.map { ", " + $0 } ?? "") + ": " + entry.day
    }

    /// The entry as HTML, its links absolute.
    private func content(_ entry: ChangeViews.Entry) -> String {
        var html = ""
        if let created = entry.created {
            html += "<ul>" + created.map { "<li>\(escaped($0.label)): \(escaped($0.count))</li>" }.joined() + "</ul>"
        }
        for group in entry.groups {
            html += "<h3>\(escaped(group.label))</h3><ul>"
            for item in group.items {
                let title =
                    item.path.map { "<a href=\"\(escaped(url.address(of: $0)))\">\(escaped(item.title))</a>" }
                    ?? escaped(item.title)
                html += "<li>\(escaped(item.collection)): \(title)"
                if let oldTitle = item.oldTitle { html += " (\(escaped(oldTitle)))" }
                if !item.values.isEmpty {
                    html +=
                        "<ul>"
                        + item.values.map {
                            "<li>\(escaped($0.label)): \(escaped($0.old)) → \(escaped($0.new))</li>"
                        }.joined() + "</ul>"
                }
                html += "</li>"
            }
            html += "</ul>"
        }
        if let more = entry.more { html += "<p>\(escaped(more))</p>" }
        return html
    }

    private func element(_ name: String, _ text: String) -> String { "<\(name)>\(escaped(text))</\(name)>\n" }
    /// Escaped, and without the characters XML 1.0 does not allow (controls but tab and line breaks).
    private func escaped(_ text: String) -> String {
        let allowed = text.unicodeScalars.allSatisfy(Self.isAllowed)
        return HTMLEscape.text(
            allowed ? text : String(String.UnicodeScalarView(text.unicodeScalars.filter(Self.isAllowed))))
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20
            ? scalar.value != 0xFFFE && scalar.value != 0xFFFF : [0x09, 0x0A, 0x0D].contains(scalar.value)
    }
}
