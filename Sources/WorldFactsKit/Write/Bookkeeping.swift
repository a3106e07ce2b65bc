import WorldFactsSupport

/// The build's own files in the output folder, in one dot-folder (`.worldfacts/`) that packs leave out
/// and hosts are told to: the manifest, the folders' stamps, and while a build runs its journal. What is
/// published is everything else. Builds before this layout kept them as dot-files beside the site
/// (`legacy`): a build reads them where it finds no others, and removes them once it has saved its own.
public enum Bookkeeping {
    public static let folder = ".worldfacts"
    public static let manifest = folder + "/manifest.json"
    public static let stamps = folder + "/folders"
    public static let journal = folder + "/journal"

    /// Where the last layout kept each: read once, then removed.
    public static let legacyManifest = ".worldfacts-manifest.json"
    public static let legacyStamps = ".worldfacts-folders"
    public static let legacyJournal = ".worldfacts-journal"

    /// The manifest's path in `output`: its own place, else the last layout's where only that is there.
    public static func manifestPath(in output: String, fileSystem: FileSystem) -> String {
        let path = joinPath(output, manifest)
        let legacy = joinPath(output, legacyManifest)
        return !fileSystem.exists(path) && fileSystem.exists(legacy) ? legacy : path
    }

    /// Whether `output` holds a manifest, in either layout.
    public static func hasManifest(in output: String, fileSystem: FileSystem) -> Bool {
        fileSystem.exists(joinPath(output, manifest)) || fileSystem.exists(joinPath(output, legacyManifest))
    }

    /// Whether a build was killed in `output` before it saved its manifest: its journal, in either layout.
    public static func hasJournal(in output: String, fileSystem: FileSystem) -> Bool {
        fileSystem.exists(joinPath(output, journal)) || fileSystem.exists(joinPath(output, legacyJournal))
    }

    /// Whether the last layout's files are still in `output`: the next build that saves a manifest moves
    /// them (a no-op build does not skip it).
    public static func hasLegacy(in output: String, fileSystem: FileSystem) -> Bool {
        fileSystem.exists(joinPath(output, legacyManifest)) || fileSystem.exists(joinPath(output, legacyJournal))
            || fileSystem.exists(joinPath(output, legacyStamps))
    }

    /// Makes the folder, before the first of its files is written.
    static func makeFolder(in output: String, fileSystem: FileSystem) throws {
        let path = joinPath(output, folder)
        if !fileSystem.isDirectory(path) { try fileSystem.makeDirectory(path) }
    }

    /// Removes the last layout's files, once this build's manifest is saved in its place.
    static func removeLegacy(in output: String, fileSystem: FileSystem) {
        for name in [legacyManifest, legacyStamps, legacyJournal] where fileSystem.exists(joinPath(output, name)) {
            try? fileSystem.remove(joinPath(output, name))
        }
    }
}
