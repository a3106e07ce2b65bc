import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// `_headers`, the file Netlify and Cloudflare Pages read for the headers of each URL: a file whose name
/// carries a hash of its bytes (the stylesheet, the search script, the search manifest and every shard)
/// may be cached for a year and never asked again; every other file, pages first, is asked again on each
/// visit (a `304` when unchanged). Paths are from the root of the output folder, which these hosts
/// publish as the root of the site.
///
/// Both hosts give a URL the headers of every rule it matches, joined: so no rule for pages may match a
/// hashed file. Hashed files live only in `assets/` and `search/`, and pages never do: pages get one rule
/// per top-level folder or file, and those two folders rules of their own, file by file where a name is
/// not hashed.
public struct HostHeaders: Sendable {
    public static let path = "_headers"
    static let forGood = "public, max-age=31536000, immutable"
    static let askAgain = "public, max-age=0, must-revalidate"

    /// URL patterns (from "/") cached for good, and those asked again.
    public let immutable: [String]
    public let revalidated: [String]

    /// `hashedFolders`: the folders whose every file's name carries a hash (the search index's, but for
    /// its entry); `revalidatedFiles`: the files beside them whose names never change (the entry).
    /// Neither depends on the hashes themselves, so the file changes only with the site's shape.
    public init(site: Site, assets: PublishedAssets, hashedFolders: [String], revalidatedFiles: [String]) {
        let hashedAssets = Set(assets.hashedPaths)
        immutable = assets.hashedPaths.map { "/" + $0 } + hashedFolders.map { "/" + $0 + "*" }
        var top: [String] = []
        func add(_ path: String) {
            let first = path.split(separator: "/", maxSplits: 1)
            let pattern = first.count == 1 ? "/" + path : "/" + first[0] + "/*"
            if !top.contains(pattern) { top.append(pattern) }
        }
        if site.hasHome || site.collections.contains(where: { $0.indexPath == "index.html" }) { add("index.html") }
        add("404.html")
        for collection in site.collections {
            add(collection.indexPath)
            add(collection.spec.records.pagesFolder + "/index.html")
            if !collection.spec.downloads.isEmpty { add(DownloadFormat.folder + "/index.html") }
        }
        for group in site.groups { add(group.overviewPath) }
        // An installable site's worker must be asked again for a rebuild to reach its readers.
        if site.config.offline != nil {
            for path in [OfflineApp.workerPath, OfflineApp.manifestPath, OfflineApp.listPath] { add(path) }
        }
        if site.config.url != nil {
            add(Sitemap.fileName)
            add(Sitemap.robotsName)
        }
        revalidated =
            ["/"] + top.filter { $0 != "/assets/*" && $0 != "/search/*" }
            + assets.paths.values.sorted().filter { !hashedAssets.contains($0) }.map { "/" + $0 }
            + revalidatedFiles.map { "/" + $0 }
    }

    public var file: OutputFile {
        var text = "# Written by WorldFacts: hashed names are cached for good, every other file is asked again.\n"
        for pattern in immutable { text += pattern + "\n  Cache-Control: " + Self.forGood + "\n" }
        for pattern in revalidated { text += pattern + "\n  Cache-Control: " + Self.askAgain + "\n" }
        return OutputFile(path: Self.path, bytes: Array(text.utf8))
    }
}
