import Foundation
import WorldFactsSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The kernel's word that something changed below the watched folders (Linux's inotify): the watcher
/// asks it every few milliseconds, which costs one system call, instead of listing every file. It only
/// says *that* something changed; what changed is always found by comparing `SourceStamps`s, so a
/// lost or extra event costs a look, never a wrong build.
///
/// Nil where inotify is missing or refused (another system, no watches left): the watcher then polls.
final class FolderEvents: @unchecked Sendable {
    #if canImport(Glibc)
        private let descriptor: Int32
        private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        private static let mask = UInt32(
            IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
                | IN_DELETE_SELF | IN_MOVE_SELF)
    #endif
    let folders: [String]

    init?(folders: [String]) {
        self.folders = folders
        #if canImport(Glibc)
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            guard watchFolders() else { return nil }
        #else
            return nil
        #endif
    }

    deinit {
        #if canImport(Glibc)
            close(descriptor)
        #endif
    }

    /// Adds a watch on every folder below the watched ones (again on those that have one, which costs
    /// nothing: a folder made again since is then watched too); false when the kernel refuses one.
    @discardableResult
    func watchFolders() -> Bool {
        #if canImport(Glibc)
            var ok = true
            for folder in folders {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue
                else { continue }
                let below = (PosixFile.walk(folder) ?? []).filter { $0.kind == .folder }
                let all = [folder] + below.map { folder + "/" + $0.path }
                for path in all where inotify_add_watch(descriptor, path, Self.mask) < 0 { ok = false }
            }
            return ok
        #else
            return false
        #endif
    }

    /// Reads every event waiting; true when there was one.
    func drain() -> Bool {
        #if canImport(Glibc)
            var any = false
            while true {
                let count = PosixFile.readSome(descriptor, into: &buffer)
                if count > 0 {
                    any = true
                    continue
                }
                return any
            }
        #else
            return false
        #endif
    }
}
