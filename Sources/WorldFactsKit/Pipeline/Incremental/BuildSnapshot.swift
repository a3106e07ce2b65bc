import WorldFactsLoad
import WorldFactsModel
import WorldFactsRender
import WorldFactsSearch
import WorldFactsSupport
import WorldFactsWrite

/// A build's model saved to disk (`PriorModel` in binary, `BinaryWriter`), so that the next build from
/// the command line starts where it ended, as a rebuild in `watch` starts from the model in memory:
/// after an edit of records' values it reads only the changed records and makes only the pages they reach.
///
/// It is kept out of the output folder, in a cache folder (one file per output folder, named by its
/// path), and it is trusted only as far as it is checked:
/// - its bytes must be whole (a trailer holds the length and a `BulkHash.Stream` of all before it: the
///   file is written as it is encoded, by `SnapshotFile`), and of this generator's version;
/// - it must be of the build that left the output folder as it is: the folder's manifest names the
///   sources it was made from, with no journal of an interrupted build (`OutputWriter.lastSources`), and
///   every file the manifest lists is there (`PriorManifest.keepsEveryFile`);
/// - the config, templates and assets must be the same as when it was made;
/// - each records file is still read, and only its bytes decide what changed (`UnchangedEnds`): a record
///   edited behind the snapshot's back differs from the hash the snapshot kept of it, so it is read again.
/// Anything else, and the build is done as if there were no snapshot.
struct BuildSnapshot {
    static let magic = Array("worldfacts-snapshot\n".utf8)
    static let version = "snapshot-18/" + SourceDigest.version

    /// The output folder the snapshot's build wrote, with every link resolved: a snapshot is only read
    /// for that folder, and the cache's pruning (`SnapshotCache`) tells by it whether the folder is gone.
    let output: String
    /// The digest of the sources the snapshot's build read (`SourceDigest`).
    let sources: String
    let loadMemo: ContentLoader.Memo
    private let collections: [LoadedCollection]
    /// Where each record's bytes are (`EncodedRecords`).
    private let places: [[Int]]
    private let warnings: [Diagnostic]
    private let config: UInt64
    private let templates: UInt64
    private let assets: UInt64
    /// The rest, read once the config is known to be the same.
    private let bytes: FileBytes
    private let rest: Int

    /// Where the snapshot of `output` lives in `folder`.
    static func path(in folder: String, output: String, fileSystem: FileSystem) -> String {
        joinPath(folder, Hex.text(BulkHash.of(Array(outputName(output, fileSystem: fileSystem).utf8))) + ".snapshot")
    }

    /// The output folder as a snapshot names it: with every link resolved.
    static func outputName(_ output: String, fileSystem: FileSystem) -> String {
        fileSystem.realPath(output) ?? output
    }

    /// The snapshot in `bytes` as its file was read or mapped (`FileSystem.readMapped`), up to its content
    /// and load memo; nil when it is damaged or of another version.
    init?(bytes: FileBytes) {
        let end = bytes.count - Self.trailerSize
        guard end >= Self.magic.count, bytes.hasPrefix(Self.magic) else { return nil }
        let whole = bytes.withReader(at: end) { reader -> Bool in
            guard let length = try? reader.int(), let hash = try? reader.uint64(), length == end else { return false }
            return bytes.hash(0..<end) == hash
        }
        guard whole else { return nil }
        let read = bytes.withReader(upTo: end, at: Self.magic.count) { reader in
            Result { () throws(BinaryReader.Malformed) in
                guard try reader.string() == Self.version else { throw BinaryReader.Malformed(offset: 0) }
                let output = try reader.string()
                let sources = try reader.string()
                let (config, templates, assets) = (try reader.uint64(), try reader.uint64(), try reader.uint64())
                let (collections, warnings, places) = try Content.readParts(from: &reader)
                let memo = try ContentLoader.Memo.read(from: &reader, collections: collections)
                return (
                    output, sources, config, templates, assets, collections, warnings, places, memo, reader.index
                )
            }
        }
        guard case .success(let parts) = read else { return nil }
        (output, sources, config, templates, assets, collections, warnings, places, loadMemo, rest) = parts
        self.bytes = bytes
    }

    /// The content's records and where their bytes are, for the next snapshot to copy the unchanged ones.
    var encodedRecords: EncodedRecords { EncodedRecords(collections: collections, places: places, bytes: bytes) }

    /// What the rest of the snapshot holds, read with the config its build had (`config`, from the
    /// site.yml as it is now: nil when it is not the same); it can be read while the content loads.
    struct Rest: Sendable {
        let content: Content
        let positions: [[Int]]
        let site: Site
        let rowInputs: [[UInt64]]?
        let search: SearchMemo?
        /// Where each other language's block is (`SnapshotLanguages`).
        let languages: [Range<Int>]
    }

    func rest(config: SiteConfig, folder: String) -> Rest? {
        let old = Content(config: config, collections: collections, warnings: warnings, folder: folder)
        guard old.configDigest == self.config else { return nil }
        let read = bytes.withReader(upTo: bytes.count - Self.trailerSize, at: rest) { reader in
            Result { () throws(BinaryReader.Malformed) in
                let positions = try reader.array { (reader) throws(BinaryReader.Malformed) in try reader.ints() }
                let site = try Site.read(from: &reader, content: old, positions: positions)
                let rowInputs =
                    try reader.bool()
                    ? try reader.array { (reader) throws(BinaryReader.Malformed) in try reader.uint64s() } : nil
                let search =
                    try reader.bool()
                    ? try SearchMemo.read(from: &reader, scopes: config.search.scopes, count: site.recordCount)
                    : nil
                var languages: [Range<Int>] = []
                while !reader.isAtEnd {
                    let (length, start) = (try reader.count(), reader.index)
                    try reader.skip(length)
                    languages.append(start..<(start + length))
                }
                return Rest(
                    content: old, positions: positions, site: site, rowInputs: rowInputs, search: search,
                    languages: languages)
            }
        }
        guard case .success(let rest) = read else { return nil }
        return rest
    }

    /// The snapshot's model, for the templates and theme of this build, and the output folder as its build
    /// left it; nil when the templates or assets changed since, or a file the output folder should hold is
    /// missing. `rest` is what `rest(config:folder:)` read: its config was checked against the snapshot's
    /// then, and `ValueEdits.between` compares it with this build's, as it does the live model's.
    func model(rest: Rest, templates: TemplateSet, theme: Theme, output: OutputWriter.PriorManifest) -> PriorModel? {
        guard output.keepsEveryFile, BulkHash.of(Array(templates.fingerprint.utf8)) == self.templates,
            Self.digest(theme.assets) == assets
        else { return nil }
        var model = PriorModel(
            sources: sources, content: rest.content, loadMemo: loadMemo, templates: templates, assets: theme.assets,
            site: rest.site, rowInputs: rest.rowInputs, search: rest.search, positions: rest.positions,
            output: output)
        // The blocks keep the snapshot's bytes mapped: only while there are some to read.
        if !rest.languages.isEmpty {
            model.languages = .snapshot(SnapshotLanguages(bytes: bytes, blocks: rest.languages))
        }
        return model
    }

    /// The bytes of `model`'s snapshot of `output` (a real path), in memory (as `SnapshotFile` writes
    /// them to a file).
    static func bytes(of model: PriorModel, output: String) -> [UInt8] {
        var writer = finish(
            head(
                into: BinaryWriter(), output: output, sources: model.sources, content: model.content,
                loadMemo: model.loadMemo,
                templates: model.templates, assets: model.assets, positions: model.positions, site: model.site),
            rowInputs: model.rowInputs, search: model.search, scopes: model.content.config.search.scopes)
        switch model.languages {
        case .live(let languages):
            for language in languages {
                append(language: SnapshotLanguages.block(of: language, defaultSite: model.site), to: &writer)
            }
        case .snapshot(let saved):
            for block in saved.blocks {
                writer.int(block.count)
                writer.append(saved.bytes, block)
            }
        }
        writer.append(trailer(length: writer.bytes.count, hash: BulkHash.Stream.of(writer.bytes)))
        return writer.bytes
    }

    /// The last bytes of a snapshot (`trailerSize`): the length of all before them, and its hash.
    static let trailerSize = 16

    static func trailer(length: Int, hash: UInt64) -> [UInt8] {
        var writer = BinaryWriter()
        writer.int(length)
        writer.uint64(hash)
        return writer.bytes
    }

    /// The first part of a snapshot: all that the model step decides, which a build encodes while its
    /// pages render (`finish` adds the rest).
    static func head(
        into writer: consuming BinaryWriter, output: String, sources: String, content: Content,
        loadMemo: ContentLoader.Memo,
        templates: TemplateSet, assets: [String: [UInt8]], positions: [[Int]], site: Site,
        reusing last: EncodedRecords? = nil
    ) -> BinaryWriter {
        var writer = consume writer
        writer.append(magic)
        writer.string(version)
        writer.string(output)
        writer.string(sources)
        writer.uint64(content.configDigest)
        writer.uint64(BulkHash.of(Array(templates.fingerprint.utf8)))
        writer.uint64(digest(assets))
        content.write(to: &writer, reusing: last)
        loadMemo.write(to: &writer)
        writer.array(positions) { $0.ints($1) }
        site.write(to: &writer)
        return writer
    }

    /// `head` with the row inputs the pages were made from and what the search index left: the snapshot
    /// but for its trailer, every byte handed on when the writer drains.
    /// `head` is taken, not copied: appended to in place, its buffer is not copied whole first.
    static func finish(
        _ head: consuming BinaryWriter, rowInputs: [[UInt64]]?, search: SearchMemo?, scopes: [SearchScope]
    ) -> BinaryWriter {
        var writer = consume head
        writer.bool(rowInputs != nil)
        if let rowInputs { writer.array(rowInputs) { $0.uint64s($1) } }
        writer.bool(search != nil)
        // The "All" scope's keys too: copied back, they cost less than merged again.
        search?.write(scopes: scopes, allKeys: true, to: &writer)
        writer.flush()
        return writer
    }

    /// A language's block (`SnapshotLanguages`), after its length.
    static func append(language block: [UInt8], to writer: inout BinaryWriter) {
        writer.int(block.count)
        writer.appendHandingOn(block)
    }

    static func digest(_ assets: [String: [UInt8]]) -> UInt64 {
        var hash = StableHash()
        for (path, bytes) in assets.sorted(by: { $0.key < $1.key }) {
            hash.add(contentsOf: path.utf8)
            hash.add(0xFF)
            hash.mix(BulkHash.of(bytes))
        }
        return BulkHash.of(Array(hash.hex.utf8))
    }
}
