import WorldFactsModel
import WorldFactsSearch
import WorldFactsSupport

/// The languages other than the default in a build's snapshot (`BuildSnapshot`), after the default's
/// part: a block of bytes each, in `languages:` order, read only once this build's edition of the content
/// is known (`PriorModel.language`), and only for an edition whose config is the one the block was made
/// with. A block holds what `watch` keeps in memory of the language (`LanguageModel`) but what it shares
/// with the default's: its config's text (reflected again, it cost as much as reading the rest), its
/// edition's translations (`Content.writeTranslations`), where its records are,
/// its site, its rows' inputs and its search memo, each collection and search scope taken whole from the
/// default's only marked.
struct SnapshotLanguages: Sendable {
    let bytes: FileBytes
    /// Where each language's block is in `bytes`.
    let blocks: [Range<Int>]

    /// The block of a language's model: the collections its site takes from the default's site
    /// (`LanguageSites.sharedCollections`) and the search scopes its index takes from the default's
    /// (`SiteGenerator.sharedScopes`) are marked, and read from the default's again.
    /// `defaultSearch`: the default's search memo, beside which a scope's keys are written where a record's
    /// texts are the default's (`SearchKeys.Kept.besideDefault`), and the shared records' numbers are its.
    static func block(of language: LanguageModel, defaultSite: Site, defaultSearch: SearchMemo? = nil) -> [UInt8] {
        // Room for what a block of a site's size holds, most of it its search memo: grown a piece at a
        // time, its bytes were copied and their pages touched again at each doubling.
        var writer = BinaryWriter(capacity: 160 * language.site.recordCount)
        let content = language.content
        writer.uint64(language.config)
        writer.string(language.site.configText)
        content.writeTranslations(to: &writer)
        let shared = LanguageSites.sharedCollections(of: language.site, defaultSite: defaultSite)
        writer.ints(shared.sorted())
        writer.array(Array(language.positions.enumerated())) { writer, numbered in
            writer.ints(shared.contains(numbered.offset) ? [] : numbered.element)
        }
        language.site.write(to: &writer, sharing: shared)
        writer.bool(language.rowInputs != nil)
        if let rowInputs = language.rowInputs {
            writer.array(Array(rowInputs.enumerated())) { writer, numbered in
                writer.uint64s(shared.contains(numbered.offset) ? [] : numbered.element)
            }
        }
        writer.bool(language.search != nil)
        language.search?.write(
            scopes: content.config.search.scopes,
            sharing: SiteGenerator.sharedScopes(of: language.site, with: defaultSite), allKeys: true,
            besides: defaultSearch, to: &writer)
        return writer.bytes
    }

    /// Language `number`'s model (1 the first after the default), for `edition`, this build's edition of
    /// the content in that language, whose config's digest is `config`; nil when the snapshot has none for
    /// it, or one of another config.
    /// `prior`: the default's model, read from the same snapshot; `defaultSite`: this build's default
    /// site, whose shared collections the language's site takes.
    func model(
        _ number: Int, edition: Content, config: UInt64, prior: PriorModel, defaultSite: Site
    ) -> LanguageModel? {
        guard blocks.indices.contains(number - 1) else { return nil }
        let block = blocks[number - 1]
        let read = bytes.withReader(upTo: block.upperBound, at: block.lowerBound) { reader in
            Result { () throws(BinaryReader.Malformed) -> LanguageModel? in
                guard try reader.uint64() == config else { return nil }
                let configText = try reader.string()
                var content = try prior.content.edition(readingTranslationsFrom: &reader, config: edition.config)
                content.take(configText: configText)
                let shared = Set(try reader.ints())
                var positions = try reader.array { (reader) throws(BinaryReader.Malformed) in try reader.ints() }
                guard positions.count == prior.positions.count else {
                    throw BinaryReader.Malformed(offset: reader.index)
                }
                for number in shared where positions.indices.contains(number) {
                    positions[number] = prior.positions[number]
                }
                let site = try Site.read(from: &reader, content: content, positions: positions, sharing: defaultSite)
                var rowInputs =
                    try reader.bool()
                    ? try reader.array { (reader) throws(BinaryReader.Malformed) in try reader.uint64s() } : nil
                for number in shared where rowInputs?.indices.contains(number) == true {
                    guard let inputs = prior.rowInputs, inputs.indices.contains(number) else {
                        throw BinaryReader.Malformed(offset: reader.index)
                    }
                    rowInputs?[number] = inputs[number]
                }
                let search =
                    try reader.bool()
                    ? try SearchMemo.read(
                        from: &reader, scopes: edition.config.search.scopes, count: site.recordCount,
                        sharing: prior.search)
                    : nil
                guard reader.isAtEnd else { throw BinaryReader.Malformed(offset: reader.index) }
                return LanguageModel(
                    content: content, config: config, site: site, positions: positions, rowInputs: rowInputs,
                    search: search)
            }
        }
        guard case .success(let model) = read else { return nil }
        return model
    }
}
