/// One digest of everything a build reads: the generator's version and every file below the content
/// and templates folders (relative path and bytes). A build whose sources digest as the last build's
/// did, into an output folder that still holds every file that build wrote, has nothing to do.
public enum SourceDigest {
    /// Bump when anything the build writes changes for the same sources.
    static let version = "worldfacts-sources-2/" + ContextFingerprint.generatorVersion

    public static func of(folders: [String], fileSystem: FileSystem) throws(BuildFailure) -> String {
        var hash = FNV1a()
        hash.add(contentsOf: version.utf8)
        for folder in folders {
            hash.add(0xFE)
            guard fileSystem.isDirectory(folder) else { continue }
            do {
                for relative in try fileSystem.listFiles(folder) {
                    hash.add(contentsOf: relative.utf8)
                    hash.add(0xFF)
                    let bytes = try fileSystem.read(joinPath(folder, relative))
                    hash.add(contentsOf: String(bytes.count).utf8)
                    hash.add(0xFF)
                    hash.add(word: BulkHash.of(bytes))
                }
            } catch {
                throw BuildFailure(step: "check sources", diagnostics: [.error(SourceLocation(file: folder), "cannot read: \(error)")])
            }
        }
        return hash.hex
    }
}
