import Foundation
import WorldFactsSupport

/// A build's snapshot written to its file as it is encoded, so that it is never whole in memory (it grows
/// with the records): a `BinaryWriter` made by `writer()` hands it pieces, which go to a staging file
/// beside the snapshot's place and into a running hash; `close` adds the trailer (`BuildSnapshot.trailer`)
/// and moves the file into place. Until then the last snapshot stays where it was.
///
/// One thread writes at a time: the thread that encodes the snapshot's head, then the build's, which takes
/// the writer from it once that thread is done.
final class SnapshotFile: @unchecked Sendable {
    let path: String
    private let staging: String
    let fileSystem: FileSystem
    private var hash = BulkHash.Stream()
    private var length = 0
    /// The first write that failed: nothing is written after it, and `close` reports it.
    private var failure: (any Error)?

    init(path: String, fileSystem: FileSystem) {
        self.path = path
        self.staging = FileSystem.temporaryPath(for: path)
        self.fileSystem = fileSystem
        do {
            try fileSystem.makeDirectory((path as NSString).deletingLastPathComponent)
            // What a killed build left.
            if fileSystem.exists(staging) { try fileSystem.remove(staging) }
        } catch {
            failure = error
        }
    }

    /// A writer whose pieces go to this file.
    func writer() -> BinaryWriter {
        BinaryWriter(draining: { [self] piece in write(piece) })
    }

    private func write(_ piece: [UInt8]) {
        guard failure == nil else { return }
        do {
            try fileSystem.append(staging, piece)
            hash.add(piece)
            length += piece.count
        } catch {
            failure = error
        }
    }

    /// Seals the file (everything `writer()` wrote must have been flushed) and puts it in place; a warning
    /// when it could not be saved, and then the staging file is gone too.
    func close() -> Diagnostic? {
        write(BuildSnapshot.trailer(length: length, hash: hash.finish()))
        if failure == nil {
            do { try fileSystem.move(staging, path) } catch { failure = error }
        }
        guard let failure else { return nil }
        discard()
        return .warning(
            SourceLocation(file: path), "cannot save the build's snapshot (the next build will be slower): \(failure)")
    }

    /// Removes what was written, for a build that failed before its snapshot was whole.
    func discard() {
        try? fileSystem.remove(staging)
    }
}
