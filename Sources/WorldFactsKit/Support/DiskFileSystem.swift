import Foundation

extension FileSystem {
    /// The real disk. Writes go to a temporary file in the same folder, then `rename(2)` over the target;
    /// a missing folder is made on the first write into it.
    public static let disk = FileSystem(
        read: { path in
            guard let bytes = PosixFile.readFile(path) else {
                throw FileSystemError(path: path, message: "cannot read file (missing or unreadable)")
            }
            return bytes
        },
        writeAtomically: { path, bytes in
            let temporary = FileSystem.temporaryPath(for: path)
            let descriptor = try PosixFile.create(temporary, for: path, flags: O_TRUNC)
            if let failure = PosixFile.write(bytes, to: descriptor)
                ?? (rename(temporary, path) == 0 ? nil : String(cString: strerror(errno)))
            {
                unlink(temporary)
                throw FileSystemError(path: path, message: "cannot write: \(failure)")
            }
        },
        append: { path, bytes in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            guard descriptor >= 0 else { throw FileSystemError(path: path, message: String(cString: strerror(errno))) }
            // Written to the end, and closed: a full disk cuts a write short first, and says why on the next.
            if let failure = PosixFile.write(bytes, to: descriptor) {
                throw FileSystemError(path: path, message: "cannot append: \(failure)")
            }
        },
        // A file is unlinked directly: FileManager's removal costs several calls more per file, and a build
        // that replaces every page removes as many kept files. A folder, or a failure, goes to FileManager.
        remove: { path in
            if unlink(path) == 0 { return }
            try FileManager.default.removeItem(atPath: path)
        },
        exists: { path in access(path, F_OK) == 0 },
        isDirectory: { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        },
        listFiles: { folder in
            guard let entries = PosixFile.walk(folder) else {
                throw FileSystemError(path: folder, message: "cannot list folder")
            }
            var files: [String] = []
            for entry in entries {
                switch entry.kind {
                case .file: files.append(entry.path)
                case .link:  // a link to a file counts as that file
                    var isDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: folder + "/" + entry.path, isDirectory: &isDirectory),
                        !isDirectory.boolValue
                    {
                        files.append(entry.path)
                    }
                default: break
                }
            }
            return files.sorted()
        },
        makeDirectory: { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        },
        createNew: { path, bytes in
            let descriptor: Int32
            do { descriptor = try PosixFile.create(path, for: path, flags: O_EXCL) } catch is PosixFile.Exists {
                return false
            }
            if let failure = PosixFile.write(bytes, to: descriptor) {
                unlink(path)
                throw FileSystemError(path: path, message: "cannot write: \(failure)")
            }
            return true
        },
        names: { folder in PosixFile.names(in: folder.isEmpty ? "." : folder) },
        symbolicLinks: { folder in
            var links: [SymbolicLink] = []
            for entry in PosixFile.walk(folder) ?? [] where entry.kind == .link {
                let path = joinPath(folder, entry.path)
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
                links.append(
                    SymbolicLink(path: entry.path, destination: destination, resolved: PosixFile.realPath(path)))
            }
            return links.sorted { $0.path < $1.path }
        },
        realPath: { PosixFile.realPath($0) },
        lock: { folder, wait, waiting in try PosixFile.lock(folder, wait: wait, waiting: waiting) },
        folderStamp: { folder in
            var status = stat()
            guard stat(folder.isEmpty ? "." : folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                return nil
            }
            return FolderStamp(
                device: UInt64(status.st_dev), inode: UInt64(status.st_ino),
                modified: nanoseconds(status.st_mtim))
        },
        readHead: { path, limit in
            guard let bytes = PosixFile.readHead(path, limit: limit) else {
                throw FileSystemError(path: path, message: "cannot read file (missing or unreadable)")
            }
            return bytes
        },
        move: { from, to in
            guard rename(from, to) == 0 else {
                throw FileSystemError(
                    path: to, message: "cannot move \(from) here: \(String(cString: strerror(errno)))")
            }
        },
        readMapped: { path in
            guard let bytes = FileBytes(mapping: path) else {
                throw FileSystemError(path: path, message: "cannot map file (missing or unreadable)")
            }
            return bytes
        },
        writersPerFolder: { path in
            PosixFile.isInMemory(path) ? ProcessInfo.processInfo.activeProcessorCount : 1
        },
        modified: { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            return nanoseconds(status.st_mtim)
        },
        link: { existing, new in
            if Foundation.link(existing, new) == 0 { return true }
            if errno == EEXIST {
                unlink(new)
                if Foundation.link(existing, new) == 0 { return true }
            }
            if errno == ENOENT && access(existing, F_OK) != 0 { return false }
            throw FileSystemError(
                path: existing, message: "cannot keep a copy at \(new): \(String(cString: strerror(errno)))")
        }
    )
}

/// A file time in nanoseconds since 1970, as `FolderStamp.modified` and `FileSystem.modified` give it.
private func nanoseconds(_ time: timespec) -> Int64 {
    Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}
