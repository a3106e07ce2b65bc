import WorldFactsModel
import WorldFactsOutput
import WorldFactsRender
import WorldFactsSupport
import WorldFactsWrite

/// The sitemap of a build, with the day each page's bytes last changed: a page whose bytes are the last
/// build's keeps the day the last sitemap gave it (a clean build of the same data makes the same page);
/// any other page, new or changed, gets this build's day. The last sitemap is read when this is made,
/// before a clean build puts the last build's files aside.
struct SitemapDays {
    let sitemap: Sitemap
    /// The last sitemap's days, by path.
    let lastDays: [String: String]

    init(sitemap: Sitemap, folder: String, fileSystem: FileSystem) {
        self.sitemap = sitemap
        let read = { (name: String) in try? fileSystem.read(joinPath(folder, name)) }
        lastDays = read(Sitemap.fileName).map { sitemap.lastDays($0, read: read) } ?? [:]
    }

    /// The sitemap's files for the pages `written` holds, but the redirects of `site`'s former keys.
    func files(written: OutputWriter, site: Site, today: String) -> [OutputFile] {
        let redirects = Set(
            site.collections.flatMap { collection in
                let aliases = AliasPages(collection)
                return aliases.pages.indices.map { aliases.path(of: $0, in: collection) }
            })
        let pages = written.files(where: { Sitemap.lists($0) && !redirects.contains($0) }).map {
            file -> (path: String, day: String) in
            let unchanged = file.hash != nil && file.hash == file.previous
            return (file.path, unchanged ? lastDays[file.path] ?? today : today)
        }
        return sitemap.files(pages: pages.sorted { $0.path < $1.path })
    }
}
