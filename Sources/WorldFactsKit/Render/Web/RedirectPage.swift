import WorldFactsModel
import WorldFactsMustache
import WorldFactsOutput
import WorldFactsSupport

/// The page at a record's former key (`AliasPages`): a meta refresh to the record's page, which is also
/// its canonical link, and a link for a reader whose browser does not follow the refresh. Not a template:
/// it is the same for every site, and has nothing to style.
struct RedirectPage {
    let site: Site

    func file(_ page: Int, of aliases: AliasPages, in collection: RecordCollection) -> OutputFile {
        let path = aliases.path(of: page, in: collection)
        let position = aliases.pages[page].position
        let target = collection.pagePath(of: position)
        // Both in the same folder: the target by its name, or by its address when the site has one.
        let relative = String(target.split(separator: "/").last ?? Substring(target))
        let href = HTMLEscape.text(site.config.url?.address(of: target) ?? relative)
        let title = HTMLEscape.text(collection.records[position].title)
        let lang = HTMLEscape.text(SiteValues.lang(of: site.config))
        let direction = KnownLocales.isRightToLeft(site.config.locale) ? "rtl" : "ltr"
        let text = """
            <!DOCTYPE html>
            <html lang="\(lang)" dir="\(direction)">
            <head>
            <meta charset="utf-8">
            <title>\(title) — \(HTMLEscape.text(site.config.title))</title>
            <link rel="canonical" href="\(href)">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(href)">
            </head>
            <body>
            <main>
            <h1>\(title)</h1>
            <p><a href="\(href)">\(title)</a></p>
            </main>
            </body>
            </html>

            """
        return OutputFile(path: path, text: text)
    }
}
