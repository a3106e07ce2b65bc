import WorldFactsModel
import WorldFactsRender
import WorldFactsSearch
import WorldFactsSupport
import WorldFactsWrite

/// The files a build leaves, by kind, and the bytes it wrote of each: what the line under the summary
/// says, so that a site's count can be held against a host's limit (Cloudflare Pages allows 20,000 on
/// its free plan) and its largest contributors seen.
public struct OutputCensus: Sendable, Equatable {
    public struct Kind: Sendable, Equatable {
        public var name: String
        public var files = 0
        public var bytesWritten = 0
    }

    /// In the order the line gives them; kinds with no file are left out of it.
    public var kinds: [Kind]

    public var files: Int { kinds.reduce(0) { $0 + $1.files } }
    public var bytesWritten: Int { kinds.reduce(0) { $0 + $1.bytesWritten } }

    /// Counts `paths` (every file of the folder) and the sizes of the files written (`report`).
    init(site: Site, paths: [String], report: WriteReport) {
        let names =
            site.collections.map { "\($0.spec.id) pages" } + [
                "index and section pages", "complete lists", "group pages", "search files",
                "data downloads", "other",
            ]
        kinds = names.map { Kind(name: $0) }
        let sorter = Sorter(site: site, first: site.collections.count)
        for path in paths { kinds[sorter.kind(of: path)].files += 1 }
        for (path, size) in zip(report.written, report.writtenSizes) {
            kinds[sorter.kind(of: path)].bytesWritten += size
        }
    }

    /// "40,275 files: 252 countries pages, …; 412.3 MB written (cities pages 380.1 MB, …)".
    public var line: String {
        let counted = kinds.filter { $0.files > 0 }.map { "\(Plural.grouped($0.files)) \($0.name)" }
        let written = kinds.filter { $0.bytesWritten > 0 }.sorted { $0.bytesWritten > $1.bytesWritten }
            .map { "\($0.name) \(Self.size($0.bytesWritten))" }
        return "\(Plural.grouped(files)) files: " + counted.joined(separator: ", ") + "; "
            + Self.size(bytesWritten) + " written"
            + (written.isEmpty ? "" : " (" + written.joined(separator: ", ") + ")")
    }

    static func size(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f KB", Double(bytes) / 1_000) }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// Which kind a path is, by the folders the site's model gives each kind.
    struct Sorter {
        /// Record pages' folders, by collection; the index pages, section folders, list and group folders.
        let recordFolders: [String]
        let indexPaths: Set<String>
        let sectionFolders: [String]
        let listFolders: [String]
        let groupFolders: [String]
        /// The folders of the languages other than the default, whose files are counted by what they are in it.
        let languageFolders: [String]
        let first: Int

        /// `first`: the number of the first kind after the collections' record pages.
        init(site: Site, first: Int) {
            self.first = first
            recordFolders = site.collections.map { $0.spec.records.pagesFolder + "/" }
            indexPaths = Set(site.collections.map(\.indexPath) + (site.hasHome ? ["index.html"] : []))
            sectionFolders = site.collections.map { $0.indexFolder + "sections/" }
            listFolders = site.collections.flatMap { collection in
                collection.spec.lists.map { collection.spec.records.pagesFolder + "/" + $0.id + "/" }
            }
            groupFolders = site.groups.map { $0.spec.pagesFolder + "/" }
            languageFolders = site.config.languages.dropFirst().map { $0.folder(isDefault: false) }
        }

        /// Compared by their UTF-8: a path is ASCII but for its slugs, and Foundation's `contains` on a
        /// `String` went through `NSString` for every record page.
        func kind(of path: String) -> Int {
            let path =
                languageFolders.first { path.hasPrefix($0) }.map {
                    String(path[path.utf8.index(path.startIndex, offsetBy: $0.utf8.count)...])
                } ?? path
            let (index, lists, groups, shards, data, other) =
                (first, first + 1, first + 2, first + 3, first + 4, first + 5)
            if path.hasPrefix(SearchIndex.folder) { return shards }
            if path.hasPrefix(DownloadFormat.folder + "/") { return data }
            if indexPaths.contains(path) || sectionFolders.contains(where: { path.hasPrefix($0) }) { return index }
            if listFolders.contains(where: { path.hasPrefix($0) }) { return lists }
            if groupFolders.contains(where: { path.hasPrefix($0) }) { return groups }
            for (collection, folder) in recordFolders.enumerated()
            where path.hasPrefix(folder) && path.hasSuffix(".html")
                && !path.utf8.dropFirst(folder.utf8.count).contains(UInt8(ascii: "/"))
            {
                return collection
            }
            return other
        }
    }
}
