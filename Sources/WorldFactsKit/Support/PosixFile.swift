import Foundation

/// The POSIX calls behind `FileSystem.disk`'s writes.
enum PosixFile {
    struct Exists: Error {}

    /// Opens `path` for writing with O_CREAT and `flags`, making `target`'s folder if it is missing.
    static func create(_ path: String, for target: String, flags: Int32) throws -> Int32 {
        func attempt() -> Int32 { open(path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0o644) }
        var descriptor = attempt()
        if descriptor < 0 && errno == ENOENT {  // the folder is new: make it, once
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            descriptor = attempt()
        }
        if descriptor < 0 && errno == EEXIST && flags & O_EXCL != 0 { throw Exists() }
        guard descriptor >= 0 else { throw FileSystemError(path: target, message: String(cString: strerror(errno))) }
        return descriptor
    }

    /// Writes every byte and closes the file; the reason on failure.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        let failed = bytes.withUnsafeBytes { buffer -> Bool in
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; return true }
                offset += written
            }
            return false
        }
        let reason = failed ? String(cString: strerror(errno)) : nil
        close(descriptor)
        return reason
    }

    /// `realpath(3)`: the absolute path with every link resolved; nil when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
