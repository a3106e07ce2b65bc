import Dispatch
import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// Writes a site incrementally: a file whose bytes hash as in the manifest (and that is still on disk) is
/// left alone; a file a previous build made is replaced atomically (a temporary file, then rename); a
/// new file is created in place, as it replaces nothing; files the previous manifest lists and this
/// build no longer makes are removed; nothing else in the folder is touched.
///
/// Before a file is written its path goes into a journal (`.worldfacts-journal`); the manifest is saved
/// last and the journal removed after it. A build that is killed leaves the journal behind, and the
/// next build treats every path in it as its own: it rewrites or removes it, and removes its
/// staging file. So an interrupted build never leaves files that no build will clean up.
///
/// A build that fails leaves the folder as it found it (`rollback`): a file it replaces or removes is
/// first kept under a second name (`FileSystem.backupPath`), and until the manifest is saved every file
/// it created can be removed and every kept one put back. Once the manifest is saved the kept files go.
public final class OutputWriter {
    public static let journalName = Bookkeeping.journal
    public let folder: String
    let fileSystem: FileSystem
    /// How many threads write one folder's files (`FileSystem.writersPerFolder`).
    let writersPerFolder: Int
    let previous: Manifest
    /// The previous build's files that were not on disk when this build started.
    let missing: Set<String>
    /// Whether the folder held every file of `previous` as its build left them (`PriorManifest.keepsEveryFile`),
    /// and this build keeps them (it is not clean).
    let previousKeepsEveryFile: Bool
    private(set) var current = Manifest()
    /// How many of this build's paths the previous build wrote too.
    private var writtenAgain = 0
    /// This build's files in the order they came, for the manifest (their entries are in `current`).
    private var order: [String] = []
    private(set) var report = WriteReport()
    /// Files this build made where there was none, and files whose previous bytes it kept aside
    /// (`FileSystem.backupPath`) before replacing or removing them: what `rollback` undoes.
    private var created: [String] = []
    private var keptAside: [String] = []

    /// What the last build left in a folder: its manifest, with the paths an interrupted build was
    /// writing (its journal) marked as unknown. Reading it changes nothing, so a build can read it while
    /// it loads its content.
    public struct PriorManifest: Sendable {
        var manifest: Manifest
        var journalled: [String]
        /// The manifest's paths that are not on disk (any more).
        var missing: Set<String>
        /// The manifest's paths in its order.
        var order: [String] = []
        /// The manifest as saved, with where each path's line is (`ManifestText`), when it was read by lines.
        var text: ManifestText? = nil
        /// By path: its line in `order`. A live model keeps it (`leave()`), so that an editing build finds
        /// the lines of the few entries it changes by looking them up, not by comparing every path.
        var lines: OrderLines? = nil
        /// The folders holding `order`'s paths, kept with `lines`, and maybe some whose files an editing
        /// build removed (`ManifestPatch.finish`): their stamps are taken for nothing, and used for no path.
        var folders: Set<String>? = nil
        /// A copy of `text`'s bytes of its own, for the next build to patch in place (`prepareCopy`).
        let preparedText = PreparedCopy<[UInt8]>()

        /// Starts copying the manifest's text, for the next editing build to patch in place
        /// (`ManifestText.patched`): in `watch`, once a build is done. The text is kept for a build that
        /// fails, so patching it copied all of it first, on the edit's longest path.
        public func prepareCopy() {
            guard let text else { return }
            preparedText.make(copying: text.bytes)
        }

        /// How many files the manifest lists.
        public var fileCount: Int { manifest.entries.count }

        /// Whether the folder holds every file the manifest lists, as the build that saved it left them
        /// (none missing, no interrupted build): what an editing build keeps must be there.
        public var keepsEveryFile: Bool {
            missing.isEmpty && journalled.isEmpty && order.count == manifest.entries.count
        }
    }

    public static func readPrior(folder: String, fileSystem: FileSystem) throws(StageFailure) -> PriorManifest {
        let manifestPath = Bookkeeping.manifestPath(in: folder, fileSystem: fileSystem)
        var manifest = Manifest()
        // The paths in the manifest's order, which is folder by folder: the order to look for them in.
        var paths: [String] = []
        var unchanged = Set<String>()
        var text: ManifestText?
        if fileSystem.exists(manifestPath) {
            guard let bytes = try? fileSystem.read(manifestPath),
                let decoded = Manifest.decode(bytes, order: &paths, text: &text)
            else {
                throw StageFailure([
                    .error(
                        SourceLocation(file: manifestPath),
                        "unreadable build manifest; remove it and build with --force")
                ])
            }
            manifest = decoded
            unchanged = FolderStamps.unchanged(in: folder, manifest: bytes, fileSystem: fileSystem)
        }
        // Paths an interrupted build was writing: ours, with unknown contents. The manifest's hash for them
        // describes what was there before, not what the killed build left, so it goes: the next write of
        // such a path always goes to disk, and no file of it is reused (`ReuseIndex.canReuse`). Its
        // fingerprint stays, so that the files planned together with it (a search unit's shards, which
        // share one) are still found as a group, and the group is not reused with one of them unknown.
        var journalled: [String] = []
        // A build of the last layout that was killed left its journal where it kept it.
        for name in [journalName, Bookkeeping.legacyJournal] {
            guard let journal = try? fileSystem.read(joinPath(folder, name)) else { continue }
            for line in String(decoding: journal, as: UTF8.self).split(separator: "\n")
            where OutputPath.isSafe(String(line)) {
                let path = String(line)
                let inputs = manifest.entries[path]?.inputs
                if manifest.entries.updateValue(Manifest.Entry(hash: nil, inputs: inputs), forKey: path) == nil {
                    paths.append(path)
                }
                journalled.append(path)
            }
        }
        let missing = MissingFiles.among(paths, in: folder, fileSystem: fileSystem, unchanged: unchanged)
        return PriorManifest(
            manifest: manifest, journalled: journalled, missing: missing, order: paths,
            text: journalled.isEmpty ? text : nil)
    }

    /// What this build leaves in the folder, once `finish()` has saved it: what the next build would
    /// read with `readPrior`, for a build that keeps it in memory (`LiveBuilder`), with every path's
    /// line. The writer is done with after this: its index of lines is handed over, not copied.
    public func leave() -> PriorManifest {
        // An editing build's lines are the last build's, but those it removed, and those it added after them.
        var lines = patch?.takeLines() ?? OrderLines()
        lines.add(order)
        return PriorManifest(
            manifest: current, journalled: [], missing: [], order: order, text: savedText, lines: lines,
            folders: folders.take() ?? FolderStamps.folders(of: order))
    }

    /// In a build that makes only some files and keeps every other file of the previous build as it is
    /// (`init(folder:fileSystem:editing:remaking:)`, in Incremental/): what it does to the last manifest. Nil in a
    /// build that gives every file.
    var patch: ManifestPatch?
    /// The folders of `order`'s paths: in an editing build, the previous build's when they were kept
    /// (`PriorManifest.folders`), until `finish` finds this build's.
    private var folders: Set<String>?
    /// Whether the folders' stamps wait for the clock to pass the folders this build changed
    /// (`FolderStamps.taken`); false for a build whose next build starts from its live model.
    public var waitsForStamps = true
    /// The manifest's text as this build saved it (or, unchanged, as the last one did), for `left`.
    private var savedText: ManifestText?

    /// A build that reads the folder's manifest itself and gives every file, keeping those whose bytes are
    /// unchanged. `clean`: one that removes every file of the last build first (`--clean`).
    public convenience init(folder: String, fileSystem: FileSystem = .disk, clean: Bool = false) throws(StageFailure) {
        try self.init(folder: folder, fileSystem: fileSystem, clean: clean, start: .reading)
    }

    /// How a writer starts from what the last build left: the manifest read now (`reading`), or read
    /// already (`read`), or, for a build that makes only what an edit reaches, read already and patched
    /// (`editing`).
    enum Start {
        case reading
        case read(PriorManifest)
        case editing(PriorManifest)
    }

    init(folder: String, fileSystem: FileSystem, clean: Bool, start: Start) throws(StageFailure) {
        self.folder = folder
        self.fileSystem = fileSystem
        writersPerFolder = max(1, fileSystem.writersPerFolder(folder))
        let last: PriorManifest
        let editing: Bool
        switch start {
        case .reading: (last, editing) = (try Self.readPrior(folder: folder, fileSystem: fileSystem), false)
        case .read(let given): (last, editing) = (given, false)
        case .editing(let given): (last, editing) = (given, true)
        }
        // The staging files of the interrupted build.
        for path in last.journalled {
            try? fileSystem.remove(FileSystem.temporaryPath(for: joinPath(folder, path)))
            try? fileSystem.remove(FileSystem.backupPath(for: joinPath(folder, path)))
        }
        let manifest = last.manifest
        previous = manifest
        // A clean build removes every file of the previous one (below): all of them are missing.
        missing = clean ? Set(manifest.entries.keys) : last.missing
        previousKeepsEveryFile = !clean && last.keepsEveryFile
        if editing {
            current = manifest
            order = last.order
            folders = last.folders
        } else {
            // A build mostly makes what the last one made: room for as many entries, grown once.
            current.entries.reserveCapacity(manifest.entries.count)
            order.reserveCapacity(manifest.entries.count)
        }
        do { try fileSystem.makeDirectory(folder) } catch {
            throw StageFailure([.error(SourceLocation(file: folder), "cannot create the output folder: \(error)")])
        }
        if clean {
            // Kept aside, not removed: a clean build that fails puts them back.
            let paths = previous.entries.keys.sorted()
            try journal(paths)
            for path in paths { _ = keepAside(path) }
        }
    }

    /// Appends paths to the journal before they change.
    private func journal(_ paths: some Collection<String>) throws(StageFailure) {
        guard !paths.isEmpty else { return }
        var journal: [UInt8] = []
        for path in paths { Self.journalLine(path, to: &journal) }
        do {
            try Bookkeeping.makeFolder(in: folder, fileSystem: fileSystem)
            try fileSystem.append(joinPath(folder, Self.journalName), journal)
        } catch {
            throw StageFailure([.error(SourceLocation(file: folder), "cannot write the build journal: \(error)")])
        }
    }

    /// Moves a previous file out of its place, to its backup path; the reason when it cannot, nil when it
    /// is moved or was not there.
    private func keepAside(_ path: String) -> String? {
        let full = joinPath(folder, path)
        guard fileSystem.exists(full) else { return nil }
        do {
            try fileSystem.move(full, FileSystem.backupPath(for: full))
            keptAside.append(path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Puts the folder back as it was before this build, after a failure: removes the files it created,
    /// puts back those it kept aside, removes the folders it made that are left empty, and the journal.
    /// A failure to undo one file does not stop the others; it leaves the journal, for the next build.
    public func rollback() {
        var undone = true
        for path in created.reversed() {
            let full = joinPath(folder, path)
            if fileSystem.exists(full) { undone = (try? fileSystem.remove(full)) != nil && undone }
        }
        for path in keptAside.reversed() {
            let full = joinPath(folder, path)
            undone = (try? fileSystem.move(FileSystem.backupPath(for: full), full)) != nil && undone
        }
        // The folders of the created files, deepest first; only an empty one is removed.
        var folders = Set<String>()
        for path in created {
            var folder = path
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                guard folders.insert(folder).inserted else { break }
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            let full = joinPath(self.folder, folder)
            if fileSystem.names(full)?.isEmpty == true { try? fileSystem.remove(full) }
        }
        created = []
        keptAside = []
        let journalPath = joinPath(folder, Self.journalName)
        if undone, fileSystem.exists(journalPath) { try? fileSystem.remove(journalPath) }
        // The bookkeeping folder, when this build made it and left nothing in it.
        let bookkeeping = joinPath(folder, Bookkeeping.folder)
        if undone, fileSystem.names(bookkeeping)?.isEmpty == true { try? fileSystem.remove(bookkeeping) }
    }

    /// The build is saved: the files it kept aside go, on every core. Before the folders' stamps are
    /// taken, which removing them would make stale.
    private func removeKeptFiles() {
        let (fileSystem, folder, kept) = (self.fileSystem, self.folder, keptAside)
        _ = Parallel.map(kept.count, chunk: 1_024) { range in
            for index in range { try? fileSystem.remove(FileSystem.backupPath(for: joinPath(folder, kept[index]))) }
        }
        keptAside = []
    }

    /// Notes what `put` did: a file created, or a file replaced whose previous bytes are kept aside.
    private func note(_ puts: some Sequence<(path: String, put: Put)>) {
        for (path, put) in puts {
            switch put {
            case .created: created.append(path)
            case .replaced: keptAside.append(path)
            }
        }
    }

    /// Makes room for about `count` files at once, for a build with no previous manifest to size it
    /// by: growing the manifest a step at a time hashed every path again at each step.
    public func expect(files count: Int) {
        guard patch == nil, count > current.entries.capacity else { return }
        current.entries.reserveCapacity(count)
        order.reserveCapacity(count)
    }

    /// The digest of the sources this build is made from, their record count and the warnings they gave,
    /// kept in the manifest.
    public func recordSources(_ digest: String, records: Int, warnings: [Diagnostic]) {
        current.sources = digest
        current.records = records
        current.warnings = warnings
    }

    /// The manifest of the finished build in `folder`, if that build read exactly the sources that
    /// digest as `sources` and every file it wrote is still there: then there is nothing to do. Never
    /// after an interrupted build (its journal is still there).
    public static func upToDate(folder: String, fileSystem: FileSystem, sources: String)
        -> (records: Int, files: Int, warnings: [Diagnostic])?
    {
        // A folder of the last layout is built again, which moves its bookkeeping.
        guard !Bookkeeping.hasJournal(in: folder, fileSystem: fileSystem),
            !Bookkeeping.hasLegacy(in: folder, fileSystem: fileSystem),
            let bytes = try? fileSystem.read(joinPath(folder, Manifest.fileName)),
            ManifestLines.header(bytes)?.sources == sources,  // most rebuilds stop here, before the paths
            let manifest = ManifestLines.summary(bytes), manifest.sources == sources, let records = manifest.records
        else { return nil }
        let paths = manifest.paths
        guard let warnings = manifest.warnings else { return nil }  // decoded once, and only here
        let unchanged = FolderStamps.unchanged(in: folder, manifest: bytes, fileSystem: fileSystem)
        return MissingFiles.among(paths, in: folder, fileSystem: fileSystem, unchanged: unchanged).isEmpty
            ? (records, paths.count, warnings) : nil
    }

    /// The sources digest of the finished build in `folder`, read from its manifest's header; nil when
    /// there is none, or when a build was interrupted there (its journal is still there).
    /// Only the manifest's head is read (a large site's manifest is tens of MB), unless its header is
    /// longer (many warnings).
    public static func lastSources(folder: String, fileSystem: FileSystem) -> String? {
        let path = Bookkeeping.manifestPath(in: folder, fileSystem: fileSystem)
        guard !Bookkeeping.hasJournal(in: folder, fileSystem: fileSystem),
            let head = try? fileSystem.readHead(path, 1 << 16)
        else { return nil }
        if let header = ManifestLines.header(head) { return header.sources }
        guard head.count == 1 << 16, let bytes = try? fileSystem.read(path) else { return nil }
        return ManifestLines.header(bytes)?.sources
    }

    public func write(_ file: OutputFile) throws(StageFailure) {
        try write([file])
    }

    /// What the previous build left that this one may keep without rendering: a page whose input
    /// fingerprint is unchanged and whose file is still there. Safe to call from any thread.
    public var reuse: ReuseIndex {
        ReuseIndex(previous: previous, missing: missing, keepsEveryFile: previousKeepsEveryFile) {
            [fileSystem, folder] path in try? fileSystem.read(joinPath(folder, path))
        }
    }

    /// Whether this writer makes a lazy batch's files on the cores that write them (`write(_:)` of an
    /// `OutputBatch`): a build that is not editing, into a folder that takes several writers at once (a
    /// file system in memory). On a disk a folder keeps one writer: a batch is made first, then written a
    /// folder per thread.
    public var writesWhereMade: Bool { patch == nil && writersPerFolder > 1 }

    /// How many files one core makes, journals (in one append) and writes at a time, in `write(_:)` of a
    /// lazy batch.
    static let filesPerChunk = 64

    /// Writes a batch. A lazy one, when `writesWhereMade`: each core takes a chunk of its files at a
    /// time, makes and hashes them, journals the paths of those that changed in one append, writes them
    /// and keeps only their entries, which go into the manifest afterwards, in the batch's order, as
    /// `write(_ files:)` puts them. No file's bytes leave the core that made them, and no core waits for
    /// another to hand it files. Any other batch is made, then written by `write(_ files:)`.
    /// Returns how many files the batch held.
    @discardableResult
    public func write(_ batch: OutputBatch) throws(StageFailure) -> Int {
        guard writesWhereMade, !batch.isMade else {
            let files = batch.files
            try write(files)
            return files.count
        }
        let (count, make) = batch.parts
        let (fileSystem, folder, previous, missing) = (self.fileSystem, self.folder, self.previous, self.missing)
        let journalPath = joinPath(folder, Self.journalName)
        do { try Bookkeeping.makeFolder(in: folder, fileSystem: fileSystem) } catch {
            throw StageFailure([.error(SourceLocation(file: folder), "cannot write the build journal: \(error)")])
        }
        let chunks = Parallel.map(count, chunk: Self.filesPerChunk) { range -> WrittenChunk in
            var chunk = WrittenChunk()
            chunk.entries.reserveCapacity(range.count)
            var pending: [(file: OutputFile, isNew: Bool)] = []
            var journal: [UInt8] = []
            for position in range {
                make(position) { file in
                    let made = previous.entry(of: file, missing: missing) {
                        ContentHash.of(file.bytes)
                    }
                    chunk.entries.append(made)
                    if made.changed {
                        Self.journalLine(file.path, to: &journal)
                        pending.append((file, !made.existed))
                    }
                }
            }
            guard !pending.isEmpty else { return chunk }
            do { try fileSystem.append(journalPath, journal) } catch {
                chunk.journalFailure = "\(error)"
                return chunk
            }
            for (file, isNew) in pending {
                do {
                    chunk.puts.append((file.path, try Self.put(file, isNew: isNew, in: folder, fileSystem: fileSystem)))
                } catch {
                    chunk.failures.append((file.path, "\(error)"))
                }
            }
            return chunk
        }
        for chunk in chunks { note(chunk.puts) }
        if let failure = chunks.lazy.compactMap(\.journalFailure).first {
            throw StageFailure([.error(SourceLocation(file: folder), "cannot write the build journal: \(failure)")])
        }
        let problems = chunks.flatMap(\.failures).map { failure in
            Diagnostic.error(SourceLocation(file: joinPath(folder, failure.path)), "cannot write: \(failure.reason)")
        }
        if !problems.isEmpty { throw StageFailure(problems) }
        var files = 0
        for chunk in chunks {
            for made in chunk.entries {
                try record(made)
                if made.changed {
                    report.written.append(made.path)
                    report.writtenSizes.append(made.size)
                }
            }
            files += chunk.entries.count
        }
        return files
    }

    /// The paths of the last `count` files this build gave, in order: a batch's, after `write(_:)` (in a
    /// build that is not editing, which orders every path it is given).
    public func lastPaths(_ count: Int) -> ArraySlice<String> { order.suffix(count) }

    /// Every file of the folder this build leaves, once `finish` is done.
    public var paths: [String] { order }

    /// The files this build leaves so far whose path `include` accepts, by path, with the hash of their
    /// bytes and the hash the previous build's file of that path had (nil where unknown or new): what
    /// tells whether a page changed, a clean build included.
    public func files(where include: (String) -> Bool) -> [(path: String, hash: UInt64?, previous: UInt64?)] {
        current.entries.compactMap { path, entry in
            include(path) ? (path, entry.hash, previous.entries[path]?.hash) : nil
        }
    }

    /// A file of this build as the manifest takes it, against the previous build's (`entry(of:)`).
    struct FileEntry: Sendable {
        var path: String
        var entry: Manifest.Entry
        /// Whether the previous build made this path too.
        var existed: Bool
        var isReused: Bool
        /// Whether its bytes are to be written: they differ from the previous build's, or its file is missing.
        var changed: Bool
        /// How many bytes it has (none for a file reused unread).
        var size = 0
    }

    /// Puts a file's entry into this build's manifest and counts it; a path given twice fails the build.
    private func record(_ made: FileEntry) throws(StageFailure) {
        // One lookup both records the entry and finds a path this build made before.
        if current.entries.updateValue(made.entry, forKey: made.path) != nil {
            throw StageFailure([
                .error(
                    SourceLocation(file: joinPath(folder, made.path)), "two outputs of this build have the same path")
            ])
        }
        order.append(made.path)
        if made.existed { writtenAgain += 1 }
        if made.isReused {
            report.unchanged += 1
            report.reused += 1
        } else if !made.changed {
            report.unchanged += 1
        }
    }

    /// A path's line in the journal.
    static func journalLine(_ path: String, to journal: inout [UInt8]) {
        journal.append(contentsOf: path.utf8)
        journal.append(UInt8(ascii: "\n"))
    }

    /// What `put` did to a file's place.
    enum Put: Sendable {
        /// Made a file where there was none.
        case created
        /// Replaced a file, whose bytes are kept at its backup path until the build ends.
        case replaced
    }

    /// Writes one file of this build into `folder`. A path no build of ours made (`isNew`) is written in
    /// place, unless something is there; any other replaces its file atomically, after keeping the file
    /// it replaces under a second name (`FileSystem.backupPath`), for a failed build to put back. A
    /// failure leaves the place as it was.
    static func put(_ file: OutputFile, isNew: Bool, in folder: String, fileSystem: FileSystem) throws -> Put {
        let path = joinPath(folder, file.path)
        if isNew, try fileSystem.createNew(path, file.bytes) { return .created }
        let backup = FileSystem.backupPath(for: path)
        let kept = try fileSystem.link(path, backup)
        do { try fileSystem.writeAtomically(path, file.bytes) } catch {
            if kept { try? fileSystem.remove(backup) }
            throw error
        }
        return kept ? .replaced : .created
    }

    /// What a core made and wrote of a lazy batch (`write(_:)`): the files' entries, with no bytes.
    private struct WrittenChunk: Sendable {
        var entries: [FileEntry] = []
        /// What it did to each file it wrote.
        var puts: [(path: String, put: Put)] = []
        /// Files it could not write, and why.
        var failures: [(path: String, reason: String)] = []
        /// Why it could not journal its changed files, when it could not (then it wrote none of them).
        var journalFailure: String?
    }

    /// Writes a batch: hashes in parallel, journals the paths about to change in one append, then
    /// writes the changed files, one thread per folder.
    public func write(_ files: [OutputFile]) throws(StageFailure) {
        let hashes = Parallel.map(files.count) { files[$0].isReused ? 0 : ContentHash.of(files[$0].bytes) }
        var changed: [Int] = []
        if patch != nil {
            return try store(
                files, patch!.edit(files, hashes: hashes, current: &current, order: &order, folder: folder))
        }
        for (index, file) in files.enumerated() {
            let made = previous.entry(of: file, missing: missing) { hashes[index] }
            try record(made)
            if made.changed { changed.append(index) }
        }
        try store(files, changed)
    }

    /// Journals, then writes, the files at `changed`, one thread per folder.
    private func store(_ files: [OutputFile], _ changed: [Int]) throws(StageFailure) {
        guard !changed.isEmpty else { return }
        try journal(changed.lazy.map { files[$0].path })
        let (fileSystem, folder, toWrite, previous) = (self.fileSystem, self.folder, changed, self.previous)
        // One thread per folder on a disk: creating files in one folder takes that folder's lock, and a
        // second thread only spins on it (measured: under load from other writes, spinning took most of
        // the system time). Different folders are written in parallel.
        // Batches mostly hold one folder's files in a row: a file goes with the one before it when its
        // folder is the same, and the folder is looked up only when it changes.
        var groups: [[Int]] = []
        var groupOfFolder: [Substring: Int] = [:]
        var lastFolder: Substring?, lastGroup = 0
        for slot in toWrite.indices {
            let path = files[toWrite[slot]].path
            let folder = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            if folder != lastFolder {
                if let known = groupOfFolder[folder] {
                    lastGroup = known
                } else {
                    lastGroup = groups.count
                    groupOfFolder[folder] = lastGroup
                    groups.append([])
                }
                lastFolder = folder
            }
            groups[lastGroup].append(slot)
        }
        // Where a folder may take several writers at once (a file system in memory), its files are
        // split among them.
        var parts: [[Int]] = []
        for group in groups {
            let size = max(1, (group.count + writersPerFolder - 1) / writersPerFolder)
            for start in stride(from: 0, to: group.count, by: size) {
                parts.append(Array(group[start..<min(start + size, group.count)]))
            }
        }
        let byFolder = parts
        // Each folder's thread gives the files it could not write, by their place in `toWrite`.
        let outcomes = Parallel.map(byFolder.count) {
            group -> (puts: [(path: String, put: Put)], failures: [(slot: Int, reason: String)]) in
            var puts: [(path: String, put: Put)] = []
            var failures: [(slot: Int, reason: String)] = []
            for slot in byFolder[group] {
                let file = files[toWrite[slot]]
                do {
                    let put = try Self.put(
                        file, isNew: previous.entries[file.path] == nil, in: folder, fileSystem: fileSystem)
                    puts.append((file.path, put))
                } catch {
                    failures.append((slot, "\(error)"))
                }
            }
            return (puts, failures)
        }
        for outcome in outcomes { note(outcome.puts) }
        let problems = outcomes.flatMap(\.failures).sorted { $0.slot < $1.slot }.map { failure in
            Diagnostic.error(
                SourceLocation(file: joinPath(folder, files[toWrite[failure.slot]].path)),
                "cannot write: \(failure.reason)")
        }
        if !problems.isEmpty { throw StageFailure(problems) }
        report.written.append(contentsOf: changed.map { files[$0].path })
        report.writtenSizes.append(contentsOf: changed.map { files[$0].bytes.count })
    }

    /// In an editing build: the previous build's files at `paths` are made no more, and `finish` removes
    /// them (any that this build wrote after all stays).
    public func drop(_ paths: [String]) {
        precondition(patch != nil || paths.isEmpty, "only an editing build drops files by name")
        patch?.drop(paths)
    }

    /// Removes what the previous build made and this one did not, then saves the manifest.
    public func finish() throws(StageFailure) -> WriteReport {
        // An editing build keeps every file it did not give, but for those of a folder it remakes, and
        // those it dropped.
        var (staleLines, changedLines) = patch?.staleAndChangedLines(order: order) ?? ([], [])
        // When every previous path was written again, none is stale: no need to look each one up.
        var stale =
            patch != nil
            ? staleLines.map { order[$0] }
            : writtenAgain == previous.entries.count
                ? [] : previous.entries.keys.filter { current.entries[$0] == nil }.sorted()
        let stuck = try keepAside(stale: stale)
        if !stuck.isEmpty {
            stale.removeAll { stuck.contains($0) }
            staleLines.removeAll { stuck.contains(order[$0]) }
            if patch == nil {
                for path in stuck.sorted() {
                    current.entries[path] = previous.entries[path]
                    order.append(path)
                }
            }
            current.sources = ""
        }
        report.removed = stale
        let text = patch?.finish(
            current: &current, order: &order, folders: &folders, stale: stale, staleLines: staleLines,
            changed: changedLines, report: &report)
        try saveManifest(text: text)
        removeKeptFiles()
        created = []
        let journalPath = joinPath(folder, Self.journalName)
        if fileSystem.exists(journalPath) { try? fileSystem.remove(journalPath) }
        // The last layout's manifest, stamps and journal, now that this one's are saved.
        Bookkeeping.removeLegacy(in: folder, fileSystem: fileSystem)
        return report
    }

    /// Keeps the stale files aside until the manifest is saved. A file that cannot be moved stays, named
    /// in a warning and in the manifest, and the next build tries again: it is not up to date with its
    /// sources. Gives those that stay.
    private func keepAside(stale: [String]) throws(StageFailure) -> Set<String> {
        try journal(stale)
        var stuck = Set<String>()
        for path in stale {
            guard let reason = keepAside(path) else { continue }
            stuck.insert(path)
            report.warnings.append(
                .warning(SourceLocation(file: joinPath(folder, path)), "cannot remove this stale file: \(reason)"))
        }
        return stuck
    }

    /// Saves the manifest, as `text` when an editing build patched the last one's, and then the folders'
    /// stamps; unless nothing changed and the manifest is there.
    private func saveManifest(text: ManifestText?) throws(StageFailure) {
        // A written file has a new hash, so the manifest changed; only otherwise is it compared.
        guard !report.written.isEmpty || current != previous || !fileSystem.exists(joinPath(folder, Manifest.fileName))
        else {
            savedText = patch?.lastText
            return
        }
        let saved = text ?? Manifest.text(header: current, order: order)
        savedText = saved
        let manifest = saved.bytes
        do {
            try Bookkeeping.makeFolder(in: folder, fileSystem: fileSystem)
            try fileSystem.writeAtomically(joinPath(folder, Manifest.fileName), manifest)
        } catch {
            throw StageFailure([.error(SourceLocation(file: folder), "cannot save the build manifest: \(error)")])
        }
        removeKeptFiles()
        // The folders' stamps after the manifest: they carry its hash, so stamps a killed build left
        // beside an older manifest are not used. Without them, the next build lists every folder.
        if folders == nil { folders = FolderStamps.folders(of: order) }
        let stamps = FolderStamps.taken(
            folders: folders!, in: folder, fileSystem: fileSystem, manifest: BulkHash.of(manifest),
            waits: waitsForStamps)
        let stampsPath = joinPath(folder, FolderStamps.fileName)
        if stamps.stamps.isEmpty || (try? fileSystem.writeAtomically(stampsPath, stamps.encoded())) == nil {
            try? fileSystem.remove(stampsPath)
        }
    }
}

extension Manifest {
    /// `file`'s entry against this manifest, the previous build's: its hash (the previous build's, for a
    /// page reused unrendered; else of its bytes, `hashing()`), whether the previous build made its path,
    /// and whether it is to be written.
    func entry(of file: OutputFile, missing: Set<String>, hashing: () -> UInt64) -> OutputWriter.FileEntry {
        precondition(OutputPath.isSafe(file.path), "unsafe output path \(file.path)")
        let before = entries[file.path]
        let hash: UInt64
        if file.isReused {
            guard let known = before?.hash else {
                preconditionFailure("reused \(file.path) without a previous version")
            }
            hash = known
        } else {
            hash = hashing()
        }
        let changed = !file.isReused && (before?.hash != hash || (!missing.isEmpty && missing.contains(file.path)))
        return OutputWriter.FileEntry(
            path: file.path, entry: Manifest.Entry(hash: hash, inputs: file.inputsValue),
            existed: before != nil, isReused: file.isReused, changed: changed, size: file.bytes.count)
    }
}
