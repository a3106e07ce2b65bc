import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The POSIX calls behind `FileSystem.disk`'s writes, and the walk of a folder's tree (`walk`, in
/// FolderWalk.swift).
///
/// SAFETY: the system calls read from and write into an array's own storage, within its count, during the
/// call that lends it; a directory entry's name is read as the C string the kernel ended with NUL, before
/// the next `readdir` or `closedir` of its folder; the huge-page advice covers only whole pages inside the
/// buffer it is given.
public enum PosixFile {
    /// One `read(2)` from `descriptor` into `buffer`, from its start: the count read, 0 at the end, or -1
    /// with `errno` set.
    public static func readSome(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        // SAFETY: the kernel writes at most `count` bytes into the array's own storage during the call.
        buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    }

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

    /// Whether the file system a path is on (or would be made on: its nearest folder that exists)
    /// keeps its files in memory: tmpfs or ramfs.
    static func isInMemory(_ path: String) -> Bool {
        ["tmpfs", "ramfs"].contains(fileSystemType(of: path))
    }

    /// The type of the file system a path is on, or would be made on, as `/proc/self/mountinfo` names
    /// it ("tmpfs", "ext4"); nil where that cannot be told. (Swift's Glibc module has no `statfs`.)
    static func fileSystemType(of path: String) -> String? {
        var place = path.isEmpty ? "." : path
        var resolved = realPath(place)
        while resolved == nil, let slash = place.lastIndex(of: "/") {
            place = slash == place.startIndex ? "/" : String(place[..<slash])
            resolved = realPath(place)
        }
        if resolved == nil { resolved = realPath(".") }
        guard let resolved, let table = readFile("/proc/self/mountinfo") else { return nil }
        return MountTable(String(decoding: table, as: UTF8.self)).type(of: resolved)
    }

    /// `realpath(3)`: the absolute path with every link resolved; nil when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// An exclusive `flock` on `<folder>/.worldfacts-lock`. Releasing it removes the file while still
    /// holding it, so a process that was waiting on that file finds it gone and locks the path afresh:
    /// the lock is on the path, and no lock file stays behind in the folder.
    static func lock(_ folder: String, wait: Bool, waiting: (Int?) -> Void) throws -> FolderLock {
        var madeFolder = false
        let path = joinPath(folder, FolderLock.fileName)
        while true {
            // Made here, or again after the holder it waited for removed the folder it had made.
            if !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                madeFolder = true
            }
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            if descriptor < 0 && errno == ENOENT { continue }  // the folder went between the two calls
            guard descriptor >= 0 else { throw FolderLock.Failure.cannotLock(String(cString: strerror(errno))) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let reason = errno
                guard reason == EWOULDBLOCK else {
                    close(descriptor)
                    throw FolderLock.Failure.cannotLock(String(cString: strerror(reason)))
                }
                let holder = lockHolder(descriptor)
                guard wait else {
                    close(descriptor)
                    throw FolderLock.Failure.held(byProcess: holder)
                }
                waiting(holder)
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        close(descriptor)
                        throw FolderLock.Failure.cannotLock(String(cString: strerror(errno)))
                    }
                }
            }
            // The holder removes the file as it releases it: then this lock is on a file no longer there.
            var held = stat(), atPath = stat()
            guard fstat(descriptor, &held) == 0, stat(path, &atPath) == 0, held.st_ino == atPath.st_ino,
                held.st_dev == atPath.st_dev
            else {
                close(descriptor)
                continue
            }
            return FolderLock { [madeFolder] in
                unlink(path)
                if madeFolder { rmdir(folder) }  // only when nothing was put there
                close(descriptor)
            }
        }
    }

    /// The pid holding a `flock` on the file open as `descriptor`, from Linux's `/proc/locks`; nil
    /// where the system does not tell. The file is read a few times over: it is made a page at a time,
    /// and where other processes take and drop locks meanwhile (a browser's databases), a line can be
    /// skipped between two pages.
    static func lockHolder(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        for attempt in 0..<3 {
            if attempt > 0 { usleep(10_000) }
            if let text = readToEnd("/proc/locks"), let holder = lockHolder(of: status, in: text) {
                return holder
            }
        }
        return nil
    }

    /// A file's bytes, read with `read(2)` straight into the array that holds them (one copy, where
    /// `FileManager.contents` makes two), to its end: a file of /proc says its size is 0, and
    /// Foundation's `String(contentsOfFile:)` then reads only its first page (4 KB of /proc/locks is
    /// about 60 locks, fewer than a busy machine holds). Nil when it is not a file or cannot be read.
    static func readFile(_ path: String) -> [UInt8]? {
        withRegularFile(path) { descriptor, size in readFile(descriptor, size: size) }
    }

    /// `readFile`'s reading, from an open file that says it holds `size` bytes.
    private static func readFile(_ descriptor: Int32, size: Int) -> [UInt8]? {
        guard var bytes = readBytes(descriptor, upTo: size) else { return nil }
        // What lies past the size it said: a file that grew while it was read, or a file of /proc.
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = readSome(descriptor, into: &chunk)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += chunk[..<count]
        }
    }

    /// The first `limit` bytes of a regular file, or all of it when it is shorter; nil when it cannot be read.
    static func readHead(_ path: String, limit: Int) -> [UInt8]? {
        withRegularFile(path) { descriptor, _ in readBytes(descriptor, upTo: limit) }
    }

    /// `read` of the open file at `path` and the size it says it has, closed after; nil when it is not a
    /// regular file or cannot be opened.
    private static func withRegularFile(_ path: String, _ read: (Int32, Int) -> [UInt8]?) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return read(descriptor, Int(status.st_size))
    }

    /// Up to `limit` bytes from `descriptor`, read straight into the array that holds them: fewer at the
    /// file's end; nil when a read fails.
    private static func readBytes(_ descriptor: Int32, upTo limit: Int) -> [UInt8]? {
        if limit >= readInPiecesFrom { return readInPieces(descriptor, upTo: limit) }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: max(limit, 0)) { buffer, initialized in
            while initialized < limit {
                let count = read(descriptor, buffer.baseAddress! + initialized, limit - initialized)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failed = count < 0
                    break
                }
                initialized += count
            }
        }
        return failed ? nil : bytes
    }

    /// Files this large are read a piece at a time on every core (`readInPieces`).
    static let readInPiecesFrom = 16 << 20
    static let readPiece = 4 << 20

    /// `readBytes` of a large file (a records file): its pieces are read on every core, each straight
    /// into its place, so that the pages they fill are taken on every core too. The file's offset is
    /// left after the bytes read, as a read leaves it. A piece that comes short ends the bytes there.
    private static func readInPieces(_ descriptor: Int32, upTo limit: Int) -> [UInt8]? {
        struct Target: @unchecked Sendable { let base: UnsafeMutableRawPointer }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
            let target = Target(base: UnsafeMutableRawPointer(buffer.baseAddress!))
            askForHugePages(UnsafeMutableRawBufferPointer(buffer))
            // How many bytes each piece got: its whole length, fewer at the file's end; -1 when a read failed.
            let got = Parallel.map((limit + readPiece - 1) / readPiece) { piece -> Int in
                let start = piece * readPiece
                let length = min(readPiece, limit - start)
                var done = 0
                while done < length {
                    let count = pread(descriptor, target.base + start + done, length - done, off_t(start + done))
                    if count < 0, errno == EINTR { continue }
                    if count < 0 { return -1 }
                    if count == 0 { break }
                    done += count
                }
                return done
            }
            for (piece, count) in got.enumerated() {
                guard count >= 0 else {
                    failed = true
                    return
                }
                initialized = piece * readPiece + count
                if count < min(readPiece, limit - piece * readPiece) { break }
            }
        }
        guard !failed, lseek(descriptor, off_t(bytes.count), SEEK_SET) >= 0 else { return nil }
        return bytes
    }

    /// Asks the kernel to back `buffer`'s whole 2 MB pages with huge pages (`MADV_HUGEPAGE`), before
    /// anything is written there: filling a fresh buffer of tens of megabytes a 4 KB page at a time takes a
    /// page fault each, half of a `watch` edit's check of the sources at a large site. Only advice: where
    /// the kernel gives huge pages only when asked (transparent huge pages "madvise", Debian's default),
    /// they are given; elsewhere nothing changes.
    static func askForHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        let huge = 2 << 20
        guard let base = buffer.baseAddress, buffer.count >= 2 * huge else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    }

    /// The name in an entry `readdir` gave, read up to its NUL where the entry is. Not through
    /// `entry.pointee.d_name`: that copies all 256 bytes the type declares, and the kernel packs entries at
    /// their names' length, so the copy of a folder's last entry read past the end of the buffer `readdir`
    /// filled; where that buffer ended a mapping, the build crashed (a killed build's next build lists the
    /// folders it wrote; found by the crash drill, and by AddressSanitizer as a heap-buffer-overflow).
    static func name(of entry: UnsafePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }

    static func readToEnd(_ path: String) -> String? {
        readFile(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The pid of the `flock` in a `/proc/locks` text that is on the file with `status`.
    static func lockHolder(of status: stat, in text: String) -> Int? {
        let device = UInt64(status.st_dev)
        let major = (device >> 8) & 0xfff | (device >> 32) & ~0xfff
        let minor = device & 0xff | (device >> 12) & ~0xff
        // "1: FLOCK  ADVISORY  WRITE 4242 fd:01:131074 0 EOF"; waiters are marked "->".
        for line in text.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ")
            guard fields.count > 5, fields[1] == "FLOCK" else { continue }
            let place = fields[5].split(separator: ":")
            guard place.count == 3, UInt64(place[0], radix: 16) == major, UInt64(place[1], radix: 16) == minor,
                UInt64(place[2]) == UInt64(status.st_ino)
            else { continue }
            return Int(fields[4])
        }
        return nil
    }
}
