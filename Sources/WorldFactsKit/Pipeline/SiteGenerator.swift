import WorldFactsModel
import WorldFactsOutput
import WorldFactsRender
import WorldFactsSearch
import WorldFactsSupport

/// Makes every file of the site, in the order the writer takes them: the record pages a range at a time,
/// while the search index is made on another thread (its work fills the time the writes spend in the
/// kernel); then the search shards, a range at a time, and the manifest that names them; `_headers`; then
/// the assets, the index, the 404 page and the section pages.
/// Render and Search are stages of their own; this is where they meet.
struct SiteGenerator: Sendable {
    let renderer: SiteRenderer
    /// What the last build left that this one keeps: its files, and in a live build after an edit, what
    /// the edit reaches (`GenerationPrior`).
    var prior = GenerationPrior.none
    /// Record pages handed over at once: a range of pages is in memory at once, unless the writer makes
    /// them where it writes them (`OutputWriter.writesWhereMade`): then a batch holds no page's bytes, and
    /// larger batches wait less often for their slowest page.
    var recordPagesAtOnce = 1_024
    /// Shards handed over at once. Made first, shards run up to the size budget (16 KB by default): a range of
    /// 64 is about a MB. Made where they are written, a range holds no bytes
    /// (`Builder.shardsMadeWhereWritten`).
    var shardsAtOnce = 64
    /// In a language other than the default: what the default language's generator made. A collection
    /// without pages in this language is searched as the default language shows it, so that its scopes'
    /// shards are the default's, and are read from there (`SearchIndex.sharing`).
    var defaultLanguage: DefaultLanguage? = nil
    /// In the default language of a site of several: the other languages' folders, whose search indexes
    /// `_headers` covers too.
    var languageFolders: [String] = []

    /// What a language other than the default takes from the default's generator.
    struct DefaultLanguage: Sendable {
        let site: Site
        let rows: IndexRows
        let rowInputs: [[UInt64]]?
        /// The default's search index, whose scopes of collections without pages here this one shares.
        let search: SearchIndex?
    }

    var site: Site { renderer.site }

    /// What a build made that the next live build can start from.
    struct Made {
        /// What each index row is made of, when the site needed it.
        var rowInputs: [[UInt64]]?
        /// What the search index left, when the site has search.
        var search: SearchMemo?
        /// In a live build whose search index was updated: the shard files of the last build it no
        /// longer has (`SearchIndex.dropped`), from the site's root, for the writer to remove.
        var dropped: [String] = []
        /// The search index, for the other languages to share scopes of (`DefaultLanguage.search`).
        var index: SearchIndex? = nil
        /// In the default language of an installable site: what its files are made of, once every other
        /// file is written (`OfflineFiles`).
        var offline: OfflineFiles? = nil
        /// What the downloads were made of, when the renderer keeps that (`SiteRenderer.keepsDownloadRows`).
        var downloads: DownloadRows? = nil
    }

    /// Makes the files and hands them to `emit`. `indexed` is told the row inputs and the search index (and
    /// its memo) as soon as they are made, before the index's files and the index pages are written.
    /// `beforeWriting`, when given, is told how many files the search index is before any file is made:
    /// the search index is then made first, rather than while the record pages are.
    @discardableResult
    func generate<Failure: Error>(
        indexed: (Made) -> Void = { _ in },
        beforeWriting: ((_ searchFiles: Int) throws(Failure) -> Void)? = nil,
        _ emit: (OutputBatch) throws(Failure) -> Void
    ) throws(Failure) -> Made {
        let renderer = self.renderer.keeping(prior.render)
        let hasSearch = !site.config.search.scopes.isEmpty
        // What each index row is made of: the search index, the section pages and the group pages read it.
        // A collection without pages here has the default language's rows, and their inputs.
        let sharedRows =
            defaultLanguage?.rowInputs == nil
            ? [] : Set(site.collections.filter { !$0.spec.hasPages }.map(\.number))
        var rowInputs =
            hasSearch || site.collections.contains(where: \.isIndexSplit) || !site.groups.isEmpty
            ? prior.rowInputs ?? renderer.rowInputs(skipping: sharedRows) : nil
        let folder = site.config.folder
        if let sharedInputs = defaultLanguage?.rowInputs {
            for collection in sharedRows { rowInputs?[collection] = sharedInputs[collection] }
        }
        let search =
            hasSearch
            ? rowInputs.map { rowInputs in
                BackgroundValue { [site, renderer, prior, defaultLanguage] in
                    let shared = defaultLanguage.map { Self.sharedScopes(of: site, with: $0) } ?? []
                    let index = SearchIndex(
                        site: site,
                        rows: Self.searchRows(
                            site: site, renderer: renderer, inputs: rowInputs, shared: defaultLanguage?.rows),
                        notes: Self.searchedNotes(site: site), sharing: defaultLanguage?.search.map { ($0, shared) },
                        prior: prior.search(in: site))
                    return shared.isEmpty ? index : index.sharing(shared, from: SearchIndex.folder)
                }
            } : nil
        if let beforeWriting { try beforeWriting(search?.wait().fileCount ?? 0) }
        for collection in site.collections where collection.spec.hasPages {
            let count = collection.records.count
            for start in stride(from: 0, to: count, by: recordPagesAtOnce) {
                let range = start..<min(start + recordPagesAtOnce, count)
                try emit(renderer.recordPageBatch(range, in: collection.number))
            }
        }
        // An edit's few index pages, in every language, are made while its search index is, and handed over
        // after the index's files, where a clean build hands them: the edit's record pages gave the search no
        // time to fill.
        let indexPagesEarly =
            prior.reach != nil && search != nil
            ? Self.indexPagesHeld(renderer, rowInputs: rowInputs) : nil
        let index = search?.wait()
        // What the site is made from is known now, before the index's files and the index pages are written.
        indexed(Made(rowInputs: rowInputs, search: index?.memo, index: index))
        if let index {
            // A range of shards at a time: the index's files are made as they are written, never all at once.
            for start in stride(from: 0, to: index.shardCount, by: shardsAtOnce) {
                try emit(
                    .lazyGroups(count: min(shardsAtOnce, index.shardCount - start)) {
                        Self.inFolder(folder, index.files(ofShard: start + $0))
                    })
            }
            // After every shard it names: a reader never finds a manifest whose shards are not there yet.
            try emit(.made(Self.inFolder(folder, index.manifestFiles)))
        }
        if !site.config.isEdition { try emit(.made([hostHeaders.file])) }
        let downloads: DownloadRows
        if let indexPagesEarly {
            for files in indexPagesEarly.pages { try emit(.made(files)) }
            downloads = indexPagesEarly.downloads
        } else {
            downloads = try renderer.indexPages(rowInputs: rowInputs) { files throws(Failure) in
                try emit(.made(files))
            }
        }
        // Named from the site's root, as the files are (`inFolder`).
        return Made(
            rowInputs: rowInputs, search: index?.memo, dropped: (index?.dropped ?? []).map { folder + $0 },
            index: index, offline: site.config.isEdition ? nil : offlineFiles,
            downloads: renderer.keepsDownloadRows ? downloads : nil)
    }

    /// The index pages `renderer` makes, held rather than handed over, and what the downloads were made of.
    private static func indexPagesHeld(
        _ renderer: SiteRenderer, rowInputs: [[UInt64]]?
    ) -> (pages: [[OutputFile]], downloads: DownloadRows) {
        var pages: [[OutputFile]] = []
        let downloads = renderer.indexPages(rowInputs: rowInputs) { (files: [OutputFile]) in pages.append(files) }
        return (pages, downloads)
    }

    /// What an installable site's files are made of (`OfflineFiles`); nil on a site that is not one.
    var offlineFiles: OfflineFiles? {
        OfflineFiles(
            site: site, theme: renderer.theme, assets: renderer.values.assets, languageFolders: languageFolders,
            immutable: hostHeaders.immutable)
    }

    /// Files of a language's search index, named from `search/`, where they go: in its folder.
    static func inFolder(_ folder: String, _ files: [OutputFile]) -> [OutputFile] {
        folder.isEmpty
            ? files
            : files.map { file in
                var moved = file
                moved.path = folder + file.path
                return moved
            }
    }

    /// The scopes a language shares with the default: those of fields (not notes) of a collection without
    /// pages in it, which it has as the default has it, record for record (`CollectionSpec.collationLocale`).
    static func sharedScopes(of site: Site, with shared: DefaultLanguage) -> Set<Int> {
        shared.search == nil ? [] : sharedScopes(of: site, with: shared.site)
    }

    /// The scopes of `site`'s index that an index of the default's site (`defaultSite`) holds as they are.
    static func sharedScopes(of site: Site, with defaultSite: Site) -> Set<Int> {
        let scopes = site.config.search.scopes
        let shared = LanguageSites.sharedCollections(of: site, defaultSite: defaultSite)
        return Set(
            scopes.indices.filter { number in
                guard let collection = scopes[number].collection, !scopes[number].note, shared.contains(collection)
                else { return false }
                // The same records at the same positions.
                return site.collections[collection].offset == defaultSite.collections[collection].offset
            })
    }

    /// `_headers`: which files may be cached for good.
    var hostHeaders: HostHeaders {
        let search = site.config.search
        let hasSearch = !search.scopes.isEmpty
        // The default's index, and each other language's in its folder, which has no folder for a scope of a
        // collection with pages in the default language only: it reads the default's.
        let indexFolders = hasSearch ? [""] + languageFolders : []
        let ownScopes = search.scopes.filter { scope in
            scope.collection.map { site.collections[$0].spec.languages == .all } ?? true
        }
        return HostHeaders(
            site: site, assets: renderer.values.assets,
            hashedFolders: indexFolders.flatMap { folder in
                SearchIndex.hashedFolders(scopes: folder.isEmpty ? search.scopes : ownScopes).map { folder + $0 }
            },
            revalidatedFiles: indexFolders.flatMap { folder in SearchIndex.entryFiles.map { folder + $0 } })
    }

    /// By record position, the plain text of each note a full-text scope searches (`SearchScope.note`).
    static func searchedNotes(site: Site) -> [Int: String] {
        let searched = Set(site.config.search.scopes.filter(\.note).compactMap(\.collection))
        let notes = site.collections.filter { searched.contains($0.number) }.flatMap { collection in
            collection.notes.map { (collection.offset + $0.key, $0.value.markdown) }
        }
        let texts = Parallel.map(notes.count) { Markdown().plainText(notes[$0].1) }
        return Dictionary(uniqueKeysWithValues: zip(notes.map(\.0), texts))
    }

    /// The rows the search index shows, every collection's after the one before (`RecordCollection.offset`),
    /// made by the renderer when the index needs them.
    /// `shared`: the default language's rows, for the collections without pages in this one.
    static func searchRows(
        site: Site, renderer: SiteRenderer, inputs: [[UInt64]], shared: IndexRows? = nil
    ) -> SearchRows {
        SearchRows(
            inputs: inputs.flatMap { $0 },
            titleAndSlugBytes: { [site] global in
                let (collection, position) = site.locate(global)
                return site.collections[collection].records[position].title.utf8.count
                    + site.collections[collection].slugs[position].utf8.count
            },
            row: { [site, rows = renderer.values.rows] global in
                let (collection, position) = site.locate(global)
                if let shared, !site.collections[collection].spec.hasPages { return shared.row(collection, position) }
                return rows.row(collection, position)
            })
    }
}
