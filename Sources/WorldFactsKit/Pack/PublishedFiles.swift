import WorldFactsModel
import WorldFactsSupport
import WorldFactsWrite

/// The files of a built site that a pack holds: those its last build published, as its manifest lists
/// them, less `_headers`, which only a web host reads, and an installable site's worker and list of files
/// to save, which serve a site at its own address alone: a pack is read from disk or inside Kiwix. A file
/// in the output folder that the build did not write (put there by hand, or left by another tool) is not
/// the site's and stays out, and so does the build's own bookkeeping (the manifest, the snapshot, the
/// journal, the lock).
public struct PublishedFiles: Sendable {
    /// Paths relative to the output folder, sorted.
    public var paths: [String]

    /// Host-only files a build writes that a pack leaves out.
    static let hostOnly: Set<String> = ["_headers", OfflineSpec.workerPath, OfflineSpec.listPath]

    init(paths: [String]) { self.paths = paths }

    public init(output: String, fileSystem: FileSystem = .disk) throws(StageFailure) {
        let file = Bookkeeping.manifestPath(in: output, fileSystem: fileSystem)
        guard let bytes = try? fileSystem.read(file), let manifest = Manifest.decode(bytes) else {
            throw StageFailure([
                .error(
                    SourceLocation(file: output),
                    "expected a built site (its \(Manifest.fileName)); build it first with worldfacts build")
            ])
        }
        paths = manifest.entries.dictionary.keys.filter { !Self.hostOnly.contains($0) }.sorted()
        let missing = paths.filter { !fileSystem.exists(joinPath(output, $0)) }
        guard missing.isEmpty else {
            throw StageFailure([
                .error(
                    SourceLocation(file: joinPath(output, missing[0])),
                    "the build wrote this file and it is gone (\(Plural.count(missing.count, "file")) in all);"
                        + " build the site again")
            ])
        }
    }
}
