import Foundation
import WorldFactsSupport

/// Where a pack is written: a file, refused when it is a folder, when its folder is missing, or when it
/// exists and may not be replaced (`--force`). The pack is written beside it under a temporary name and
/// moved into place whole, so a failed pack leaves no partial file and an existing one as it was.
struct PackDestination {
    let path: String
    let replaces: Bool
    let fileSystem: FileSystem

    var location: SourceLocation { SourceLocation(file: path) }

    func check() throws(StageFailure) {
        if fileSystem.isDirectory(path) {
            throw StageFailure([.error(location, "expected a file to write, found a folder")])
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !fileSystem.isDirectory(folder) {
            let found = fileSystem.exists(folder) ? "is a file" : "does not exist"
            throw StageFailure([.error(location, "expected the folder \(folder) to write it in, which \(found)")])
        }
        if fileSystem.exists(path) && !replaces {
            throw StageFailure([.error(location, "the file exists; pack --force replaces it")])
        }
    }

    /// Checks the destination, has `write` write the pack at a temporary path beside it, and moves it into
    /// place; removes the temporary file when anything fails. `what` names the pack in the message.
    func write(_ what: String, _ write: (String) throws -> Void) throws(StageFailure) {
        try check()
        let partial = path + ".partial-\(getpid())"
        do {
            try write(partial)
            try fileSystem.move(partial, path)
        } catch {
            try? fileSystem.remove(partial)
            if let failure = error as? StageFailure { throw failure }
            throw StageFailure([.error(location, "could not write the \(what): \(error)")])
        }
    }

    /// The size of the file written.
    var size: Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
}
