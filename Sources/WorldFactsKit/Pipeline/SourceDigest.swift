import WorldFactsLoad
import WorldFactsModel
import WorldFactsSupport

/// One digest of everything a build reads: the generator's version and every file below the content
/// and templates folders (relative path and bytes). A build whose sources digest as the last build's
/// did, into an output folder that still holds every file that build wrote, has nothing to do.
public enum SourceDigest {
    /// Bump when anything the build writes changes for the same sources. The built-in templates' digest is
    /// part of it: a binary built with other templates takes no earlier build as up to date.
    static let version = "worldfacts-sources-3/" + GeneratorVersion.current + "/" + BuiltInTheme.digest

    public static func of(folders: [String], fileSystem: FileSystem) throws(StageFailure) -> String {
        try read(folders: folders, fileSystem: fileSystem).digest
    }

    /// A digest with a flag of the command line that changes what is built mixed in (`--base-url URL`).
    static func with(_ flag: String, _ digest: String) -> String {
        var hash = StableHash()
        hash.add(contentsOf: digest.utf8)
        hash.add(0xFF)
        hash.add(contentsOf: flag.utf8)
        return hash.hex
    }

    /// Files this large are kept as they were read (`read`): records files, which the load reads next.
    static let keptFrom = 1 << 20

    /// The digest, and the bytes of every file of at least `keptFrom` bytes, by path, for the load to
    /// read instead of reading them again (`FileSystem.serving`): what it loads is then what was digested.
    static func read(folders: [String], fileSystem: FileSystem) throws(StageFailure) -> (
        digest: String, kept: [String: [UInt8]]
    ) {
        var kept: [String: [UInt8]] = [:]
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
                    if bytes.count >= keptFrom { kept[joinPath(folder, relative)] = bytes }
                }
            } catch {
                throw StageFailure([.error(SourceLocation(file: folder), "cannot read: \(error)")])
            }
        }
        return (hash.hex, kept)
    }
}
