import WorldFactsModel
import WorldFactsOutput
import WorldFactsRender
import WorldFactsSearch
import WorldFactsSupport
import WorldFactsWrite

/// The installable site's files (`OfflineApp`), made once every other file is written: the shell is the
/// candidates the build wrote, in order (`shellCandidates`), each with the size it has in the output
/// folder, while they fit in `shell_kb`; the list of files to save is every published file, when they
/// weigh no more than `save_kb` all told. Reading sizes stops as soon as the site is known to weigh more.
struct OfflineFiles: Sendable {
    let spec: OfflineSpec
    let config: SiteConfig
    /// The shell's candidates, in the order they are kept while they fit.
    let candidates: [String]
    let immutable: [String]
    let worker: [UInt8]

    /// The shell's candidates: the assets, the 404 page, then for each language (the default first) its
    /// home, its search entry and manifest, and its collections' indexes. `languageFolders`: the other
    /// languages'; `site`: the default language's, whose pages each other language has in its folder.
    init?(site: Site, theme: Theme, assets: PublishedAssets, languageFolders: [String], immutable: [String]) {
        guard let spec = site.config.offline, let worker = theme.assets[PublishedAssets.workerScript] else {
            return nil
        }
        self.spec = spec
        config = site.config
        var candidates = assets.hashedPaths + assets.paths.values.sorted().filter { !assets.hashedPaths.contains($0) }
        candidates.append("404.html")
        for folder in [""] + languageFolders {
            candidates.append(folder + "index.html")
            candidates += SearchIndex.entryFiles.map { folder + $0 }
            candidates.append(folder + SearchIndex.folder + SearchIndex.manifestFolder)
            candidates += site.collections.map { folder + $0.indexPath }
        }
        var seen = Set<String>()
        self.candidates = candidates.filter { seen.insert($0).inserted }
        self.immutable = immutable.map { String($0.drop { $0 == "/" }) }
        self.worker = PublishedAssets.published(PublishedAssets.workerScript, worker)
    }

    /// The files, from what `written` holds so far but the files it is about to drop, read in `output`.
    func files(written: OutputWriter, dropping: Set<String>, output: String, fileSystem: FileSystem) -> [OutputFile] {
        let hashes = Dictionary(
            written.files(where: { Self.isPublished($0) && !dropping.contains($0) }).map { ($0.path, $0.hash) },
            uniquingKeysWith: { first, _ in first })
        func member(_ path: String) -> OfflineApp.Member? {
            guard let bytes = try? fileSystem.read(joinPath(output, path)) else { return nil }
            return OfflineApp.Member(
                path: path, hash: hashes[path].flatMap { $0 } ?? BulkHash.of(bytes), size: bytes.count)
        }
        // A candidate that is a folder (the search manifest's) stands for the files in it.
        let paths = hashes.keys.sorted()
        let shell = candidates.flatMap { candidate in
            candidate.hasSuffix("/")
                ? paths.filter { $0.hasPrefix(candidate) } : hashes[candidate] != nil ? [candidate] : []
        }
        let app = OfflineApp(
            config: config, shell: OfflineApp.fitting(shell.compactMap(member), limit: spec.shellBytes),
            saved: saved(paths, member: member), immutable: immutable, worker: worker)
        return app.files
    }

    /// Every published file, when they weigh no more than `save_kb`.
    private func saved(_ paths: [String], member: (String) -> OfflineApp.Member?) -> [OfflineApp.Member]? {
        guard spec.saveBytes > 0 else { return nil }
        var total = 0
        var members: [OfflineApp.Member] = []
        for path in paths {
            guard let found = member(path) else { continue }
            total += found.size
            if total > spec.saveBytes { return nil }
            members.append(found)
        }
        return members
    }

    /// The files a reader may fetch: not the build's bookkeeping, `_headers`, the sitemap, robots.txt or the
    /// offline files themselves.
    static func isPublished(_ path: String) -> Bool {
        !path.hasPrefix(".") && !path.contains("/.") && !excluded.contains(path)
            && !(path.hasPrefix("sitemap") && path.hasSuffix(".xml"))
    }

    static let excluded: Set<String> = [
        HostHeaders.path, Sitemap.robotsName, OfflineApp.workerPath, OfflineApp.listPath, OfflineApp.manifestPath,
    ]
}
