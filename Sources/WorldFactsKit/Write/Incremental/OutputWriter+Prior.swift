import WorldFactsSupport

/// The writers that start from a manifest the build read beforehand (`OutputWriter.readPrior`, while its
/// content loaded), and the editing writer, which makes only what an edit reaches and patches the last
/// manifest (`ManifestPatch`).
extension OutputWriter {
    /// A build that makes only the files an edit reaches (a live build, `EditReach`) and keeps every
    /// other file `previous` lists, which must be what the previous build left (`left`), with its order;
    /// except in the folders of `remaking`, where it gives every file (the search index, whose shards an
    /// edit can split or join). The manifest it saves is the previous one with the files it made in
    /// their places.
    public convenience init(
        folder: String, fileSystem: FileSystem = .disk, editing previous: PriorManifest,
        remaking remadeFolders: [String]
    ) throws(StageFailure) {
        try self.init(folder: folder, fileSystem: fileSystem, clean: false, start: .editing(previous))
        patch = ManifestPatch(previous, remaking: remadeFolders)
    }

    /// `init(folder:fileSystem:clean:)`, with `previous`, what `readPrior` gave for this folder, read already.
    public convenience init(
        folder: String, fileSystem: FileSystem = .disk, clean: Bool = false, previous: PriorManifest
    ) throws(StageFailure) {
        try self.init(folder: folder, fileSystem: fileSystem, clean: clean, start: .read(previous))
    }
}
