import WorldFactsModel
import WorldFactsOutput
import WorldFactsSupport

/// What an editing build (`OutputWriter(editing:remaking:)`) does to the last build's manifest: the
/// files it makes take their entries' places (or are added, last), every other file stays as the last
/// build left it, but for those it drops and those of a folder it makes whole; the manifest's text is
/// the last one's with those lines patched (`ManifestText.patched`), not encoded again. The writer
/// holds one for an editing build, none for a build that gives every file.
struct ManifestPatch {
    /// The folders (path prefixes ending in "/") the build gives every file of, made or kept; a file of
    /// the last build there that it does not give is stale.
    let remadeFolders: [String]
    /// The paths the build wrote or kept by name.
    private(set) var made = Set<String>()
    /// The last build's paths whose entries it changed.
    private(set) var changedEntries = Set<String>()
    /// The last build's paths it no longer makes, named by `drop`.
    private(set) var dropped: [String] = []
    /// The line of each path of the writer's order, when the last build's were kept
    /// (`PriorManifest.lines`): the last build's paths'.
    private(set) var lineOf: OrderLines?
    /// The index of the last manifest's text, when it was read from its file (`ManifestIndex`), line for
    /// line with the start of the order.
    let lastIndex: ManifestIndex?
    /// How many paths the last build had, the first of the order.
    let lastCount: Int
    /// The last manifest's text, line for line with the start of the order.
    let lastText: ManifestText?
    /// A copy of `lastText`'s bytes of its own, when one was made (`PriorManifest.prepareCopy`).
    let preparedText: PreparedCopy<[UInt8]>?

    /// `last`: what the last build left, with its order.
    init(_ last: OutputWriter.PriorManifest, remaking remadeFolders: [String]) {
        let manifest = last.manifest
        precondition(last.order.count == manifest.entries.count, "an editing build needs the previous order")
        let count = last.order.count
        self.remadeFolders = remadeFolders
        lastText = last.text.flatMap { $0.starts.count == count ? $0 : nil }
        preparedText = last.preparedText
        lineOf = last.lines.flatMap { $0.count == count ? $0 : nil }
        // Its lines are the order's only when it indexes the very text the order was read with.
        lastIndex = manifest.entries.textIndex.flatMap { index in
            index.count == count && last.text.map(index.text.isSameText) == true ? index : nil
        }
        lastCount = count
    }

    /// A batch's files into the manifest (`current`, in `order`): a kept file is as the last build left
    /// it; a made one takes its entry's place (or is added, last). Gives the files to write: those whose
    /// bytes changed. The report's counts of unchanged files are made by `finish`, from the whole manifest.
    mutating func edit(
        _ files: [OutputFile], hashes: [UInt64], current: inout Manifest, order: inout [String], folder: String
    ) throws(StageFailure) -> [Int] {
        var changed: [Int] = []
        for (index, file) in files.enumerated() {
            precondition(OutputPath.isSafe(file.path), "unsafe output path \(file.path)")
            guard made.insert(file.path).inserted else {
                throw StageFailure([
                    .error(
                        SourceLocation(file: joinPath(folder, file.path)),
                        "two outputs of this build have the same path")
                ])
            }
            if file.isReused { continue }
            let entry = Manifest.Entry(hash: hashes[index], inputs: file.inputsValue)
            let before = current.entries.updateValue(entry, forKey: file.path)
            if before == nil { order.append(file.path) } else if before != entry { changedEntries.insert(file.path) }
            if before?.hash != entry.hash { changed.append(index) }
        }
        return changed
    }

    /// The last build's files at `paths` are made no more: `finish` removes them (any that this build
    /// wrote after all stays).
    mutating func drop(_ paths: [String]) { dropped += paths }

    /// The lines of `order` that are stale (of a folder the build remakes and not given, or dropped), and
    /// those of the entries the build changed, for the manifest's text.
    func staleAndChangedLines(order: [String]) -> (stale: [Int], changed: [(line: Int, path: String)]) {
        var staleLines: [Int] = []
        if !remadeFolders.isEmpty {
            staleLines = order.indices.filter { line in
                remadeFolders.contains { order[line].hasPrefix($0) } && !made.contains(order[line])
            }
        }
        // One pass over the last build's paths finds the lines of the files dropped and of those changed.
        let droppedPaths = Set(dropped.filter { !made.contains($0) })
        let found = lines(of: droppedPaths.union(changedEntries), in: order)
        let changedLines = found.filter { changedEntries.contains($0.path) }
        let droppedLines = found.filter { droppedPaths.contains($0.path) }.map(\.line)
        if !droppedLines.isEmpty { staleLines = Array(Set(staleLines + droppedLines)).sorted() }
        return (staleLines, changedLines)
    }

    /// The manifest once the stale files are gone: the last order but the stale paths, this build's
    /// entries, and its text patched from the last one's. `folders`: the order's folders, when known; the
    /// paths this build added may be in new ones, and a folder may have lost its last file. Gives the
    /// patched text, when the last one's was known.
    mutating func finish(
        current: inout Manifest, order: inout [String], folders: inout Set<String>?, stale: [String],
        staleLines: [Int], changed: [(line: Int, path: String)], report: inout WriteReport
    ) -> ManifestText? {
        for path in stale { current.entries[path] = nil }
        let text = lastText.map {
            patchedText($0, header: current, order: order, staleLines: staleLines, changed: changed)
        }
        if lastCount < order.count { folders?.formUnion(FolderStamps.folders(of: order[lastCount...])) }
        if !stale.isEmpty {
            order = Self.removing(lines: staleLines, from: order)
            lineOf?.remove(stale)
            // The folders stay, though a stale file may have been the last of its folder: such a folder is
            // stamped as it is (or, gone, not at all), and the next build looks for no file of the manifest
            // there. Finding them again went through every path of the site.
        }
        report.unchanged = current.entries.count - report.written.count
        report.reused = report.unchanged
        return text
    }

    /// `order` without the paths at `lines`: by their places, not by looking each path of the order up in
    /// the manifest (a hash of every path of the site, on every edit that drops a shard).
    static func removing(lines: [Int], from order: [String]) -> [String] {
        let gone = Array(Set(lines)).sorted()
        var kept: [String] = []
        kept.reserveCapacity(order.count - gone.count)
        // The runs between the stale lines, copied whole.
        var start = 0
        for line in gone {
            kept += order[start..<line]
            start = line + 1
        }
        kept += order[start...]
        return kept
    }

    /// The index of lines, handed over to the build that keeps what this one left (`OutputWriter.leave`).
    mutating func takeLines() -> OrderLines? { lineOf.take() }

    /// The manifest's text from the last one's: its lines copied, but those of `staleLines` (dropped) and
    /// of the entries this build changed (`changed`, encoded again), and the paths it added after them.
    private func patchedText(
        _ last: ManifestText, header: Manifest, order: [String], staleLines: [Int], changed: [(line: Int, path: String)]
    ) -> ManifestText {
        let lastCount = last.starts.count
        var replaced: [Int: String?] = [:]
        for (line, path) in changed where line < lastCount { replaced.updateValue(path, forKey: line) }
        for line in staleLines where line < lastCount { replaced.updateValue(nil, forKey: line) }
        let gone = Set(staleLines.filter { $0 >= lastCount })
        let added = (lastCount..<order.count).filter { !gone.contains($0) }.map { order[$0] }
        return ManifestText.patched(last, header: header, replaced: replaced, added: added, prepared: preparedText)
    }

    /// The lines of `order` whose path is one of `paths`, ascending: looked up in the last build's index
    /// of lines, when it was kept, or in its manifest's (`ManifestIndex`) for the lines it had. Else the
    /// lines are gone through on every core: an edit names a few paths, and each line's path is compared
    /// with them by length and bytes, not hashed (most record pages' paths have the same length); many
    /// are looked up in a set.
    private func lines(of paths: Set<String>, in order: [String]) -> [(line: Int, path: String)] {
        guard !paths.isEmpty else { return [] }
        let count = order.count
        if let lineOf {
            return paths.compactMap { path in lineOf.line(of: path).flatMap { $0 < count ? ($0, path) : nil } }.sorted {
                $0.line < $1.line
            }
        }
        if let lastIndex {
            // The lines after the last build's are the few this build added.
            let known = min(count, lastIndex.count)
            let added = (known..<count).filter { paths.contains(order[$0]) }.map { ($0, order[$0]) }
            return paths.compactMap { path in lastIndex.line(of: path).flatMap { $0 < known ? ($0, path) : nil } }
                .sorted { $0.line < $1.line } + added
        }
        let sought = paths.count <= 64 ? paths.map { ($0.utf8.count, $0) } : nil
        return Parallel.map(count, chunk: 1 << 16) { range -> [(line: Int, path: String)] in
            var found: [(line: Int, path: String)] = []
            for line in range {
                if let sought {
                    let length = order[line].utf8.count
                    for (soughtLength, path) in sought where soughtLength == length && path == order[line] {
                        found.append((line, path))
                    }
                } else if paths.contains(order[line]) {
                    found.append((line, order[line]))
                }
            }
            return found
        }.flatMap { $0 }
    }
}
