import Foundation
import WorldFactsModel
import WorldFactsSearch
import WorldFactsSupport

/// A build's snapshot as the build saves it (`BuildSnapshot`): its head, all that the model step decided,
/// encoded into its file on a thread of its own while the pages render; its last part, the row inputs
/// and the search index's memo, as soon as the index is made, while the index's files and pages are
/// written; and the file closed once the writes are done. A build that fails leaves no half-written
/// snapshot: `discardUnlessSaved` waits for the encoding and removes what it wrote.
///
/// Used by the build's own thread only; the encoding threads hand their writer back through `take`.
final class SnapshotSaving: @unchecked Sendable {
    let file: SnapshotFile
    private let head: BackgroundValue<BinaryWriter>
    private var finishing: BackgroundValue<BinaryWriter>?
    private var saved = false

    /// Starts encoding the head with `encodeHead`, handed a writer into `file`.
    init(file: SnapshotFile, encodeHead: @escaping @Sendable (BinaryWriter) -> BinaryWriter) {
        self.file = file
        head = BackgroundValue.onOwnThread { encodeHead(file.writer()) }
    }

    /// Starts encoding the last part, after the head.
    func finish(rowInputs: [[UInt64]]?, search: SearchMemo?, scopes: [SearchScope]) {
        let head = self.head
        finishing = BackgroundValue.onOwnThread {
            BuildSnapshot.finish(head.take(), rowInputs: rowInputs, search: search, scopes: scopes)
        }
    }

    /// Waits for the encoding, closes the file and prunes the cache folder around it. A snapshot that
    /// cannot be saved costs the next build its speed, not its result: a warning. Nothing is saved when
    /// the last part was never started.
    func close(cache: String?) -> Diagnostic? {
        guard let finishing else { return nil }
        _ = finishing.take()
        saved = true
        let problem = file.close()
        if problem == nil, let cache {
            SnapshotCache(folder: cache, fileSystem: file.fileSystem).prune(
                keeping: file.path, now: Int64(Date().timeIntervalSince1970 * 1e9))
        }
        return problem
    }

    /// For a build that failed, or saved nothing: waits for the encoding, then removes what it wrote.
    func discardUnlessSaved() {
        guard !saved else { return }
        if let finishing { _ = finishing.wait() } else { _ = head.wait() }
        file.discard()
    }
}
