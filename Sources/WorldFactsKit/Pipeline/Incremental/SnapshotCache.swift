import Foundation
import WorldFactsSupport
import WorldFactsWrite

/// The cache folder of build snapshots, kept from growing without bound. There is one snapshot per output
/// folder, tens of megabytes for a large site, and a folder built once (a temporary folder, a test's, a CI job's)
/// would leave its snapshot forever. After a build saves its snapshot, the cache's other files go when no
/// build can use them again:
/// - a snapshot whose output folder holds no worldfacts manifest any more (the folder was deleted, or
///   emptied): a build into a new folder there starts without a snapshot anyway;
/// - a snapshot of another version of the generator, which this one never trusts;
/// - a staging file that a killed build left.
///
/// Each only once it has been left alone for `idle` (an hour): a build into another folder may be
/// saving it right now, before that folder's manifest is written. A file that is not a snapshot is
/// never touched, and a file that cannot be read or removed is left as it is: pruning never fails a build.
struct SnapshotCache {
    let folder: String
    let fileSystem: FileSystem

    /// How long a file must have been left alone before it may be removed, in nanoseconds.
    static let idle: Int64 = 3_600 * 1_000_000_000

    /// Removes what no build can use again (see above), but never `keeping`. `now` is in nanoseconds since
    /// 1970.
    func prune(keeping: String, now: Int64) {
        let kept = (keeping as NSString).lastPathComponent
        for name in fileSystem.names(folder) ?? [] where name != kept {
            let path = joinPath(folder, name)
            guard let modified = fileSystem.modified(path), now - modified >= Self.idle,
                isStaging(name) || (name.hasSuffix(".snapshot") && isUnusable(path))
            else { continue }
            try? fileSystem.remove(path)
        }
    }

    /// What `SnapshotFile` writes a snapshot into before it moves it into place.
    private func isStaging(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".snapshot.worldfacts-tmp")
    }

    /// Whether the file is a snapshot that no build can use: of another version, or of an output folder
    /// that holds no manifest. A file that does not start as a snapshot does is not one.
    private func isUnusable(_ path: String) -> Bool {
        guard let head = try? fileSystem.readHead(path, Self.headSize), head.starts(with: BuildSnapshot.magic) else {
            return false
        }
        return FileBytes(head).withReader(at: BuildSnapshot.magic.count) { reader in
            guard let version = try? reader.string() else { return false }
            guard version == BuildSnapshot.version else { return true }
            guard let output = try? reader.string() else { return false }
            return !Bookkeeping.hasManifest(in: output, fileSystem: fileSystem)
        }
    }

    /// Enough of a snapshot's head for its version and output folder.
    static let headSize = 64 * 1_024
}
