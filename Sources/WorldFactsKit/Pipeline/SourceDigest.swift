import WorldFactsModel
import WorldFactsSupport

/// One digest of everything a build reads: the generator's version and every file below the content
/// and templates folders (relative path and bytes). A build whose sources digest as the last build's
/// did, into an output folder that still holds every file that build wrote, has nothing to do.
public enum SourceDigest {
    /// Bump when anything the build writes changes for the same sources.
    static let version = "worldfacts-sources-2/" + GeneratorVersion.current

    public static func of(folders: [String], fileSystem: FileSystem) throws(StageFailure) -> String {
        var hash = StableHash()
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
                    hash.mix(BulkHash.of(bytes))
                }
            } catch {
                throw StageFailure([.error(SourceLocation(file: folder), "cannot read: \(error)")])
            }
        }
        return hash.hex
    }
}
