import Foundation

/// The file system as a small set of closures: real on disk, replaceable in tests.
/// Every path is absolute or relative to the current directory.
public struct FileSystem: Sendable {
    public var read: @Sendable (String) throws -> [UInt8]
    /// The first bytes of a file, up to a count (all of it when it is shorter): a large file's header.
    public var readHead: @Sendable (_ path: String, _ limit: Int) throws -> [UInt8]
    /// A file's bytes, mapped where that is cheaper than reading them (`FileBytes`): only for a file that
    /// is replaced whole, never changed in place, such as the build's snapshot.
    public var readMapped: @Sendable (String) throws -> FileBytes
    public var writeAtomically: @Sendable (String, [UInt8]) throws -> Void
    /// Writes a file that must not exist yet, in place (no temporary file: there is nothing to lose).
    /// Returns false, and writes nothing, if the file exists.
    public var createNew: @Sendable (String, [UInt8]) throws -> Bool
    /// Appends bytes to a file, creating it if needed (not atomic: for journals).
    public var append: @Sendable (String, [UInt8]) throws -> Void
    public var remove: @Sendable (String) throws -> Void
    /// Puts a file in another's place at once (`rename(2)`), replacing it: for a file written in pieces
    /// beside its place (a build's snapshot), as `writeAtomically` does for one written whole.
    public var move: @Sendable (_ from: String, _ to: String) throws -> Void
    /// Gives a file a second name (`link(2)`), replacing whatever has that name; false, and nothing done,
    /// when there is no file at `existing`. The writer keeps a file it replaces so (`backupPath`), to put
    /// it back if the build fails.
    public var link: @Sendable (_ existing: String, _ new: String) throws -> Bool
    public var exists: @Sendable (String) -> Bool
    public var isDirectory: @Sendable (String) -> Bool
    /// Relative paths of the regular files (and links to them) below a folder, sorted.
    public var listFiles: @Sendable (String) throws -> [String]
    public var makeDirectory: @Sendable (String) throws -> Void
    /// The names in one folder (files and folders, not below it, in no order); nil when it cannot be
    /// listed. One listing answers for many files at once, where `exists` asks for one.
    public var names: @Sendable (String) -> [String]?
    /// Every symbolic link below a folder (not below a linked folder), sorted by path.
    public var symbolicLinks: @Sendable (String) -> [SymbolicLink]
    /// The absolute path with every link resolved; nil when the path leads nowhere.
    public var realPath: @Sendable (String) -> String?
    /// Takes the folder's lock, making the folder if it is missing: with `wait`, waits for the holder
    /// (calling `waiting` with its pid first); without, throws `FolderLock.Failure.held`. Releasing it
    /// removes the folder again if taking it made the folder and nothing was put there.
    public var lock:
        @Sendable (_ folder: String, _ wait: Bool, _ waiting: @Sendable (Int?) -> Void) throws -> FolderLock
    /// Which folder a path is and when a name was last added to it or removed from it; nil when that
    /// cannot be told (then every folder is listed to find what is missing from it).
    public var folderStamp: @Sendable (String) -> FolderStamp?
    /// How many threads may create files in one folder below a path at once. Creating a file takes its
    /// folder's lock: on a file system in memory (tmpfs) the lock is held briefly and every core can
    /// write (two threads take about half the time of one, with the same system time); on a disk's, a
    /// second thread mostly spins on it, so one.
    public var writersPerFolder: @Sendable (String) -> Int
    /// When a file's bytes last changed, in nanoseconds since 1970 (`st_mtim`); nil when it is missing.
    public var modified: @Sendable (String) -> Int64?

    public init(
        read: @escaping @Sendable (String) throws -> [UInt8],
        writeAtomically: @escaping @Sendable (String, [UInt8]) throws -> Void,
        append: @escaping @Sendable (String, [UInt8]) throws -> Void,
        remove: @escaping @Sendable (String) throws -> Void,
        exists: @escaping @Sendable (String) -> Bool,
        isDirectory: @escaping @Sendable (String) -> Bool,
        listFiles: @escaping @Sendable (String) throws -> [String],
        makeDirectory: @escaping @Sendable (String) throws -> Void,
        createNew: (@Sendable (String, [UInt8]) throws -> Bool)? = nil,
        names: (@Sendable (String) -> [String]?)? = nil,
        symbolicLinks: @escaping @Sendable (String) -> [SymbolicLink] = { _ in [] },
        realPath: @escaping @Sendable (String) -> String? = { $0 },
        lock: @escaping @Sendable (String, Bool, @Sendable (Int?) -> Void) throws -> FolderLock = { _, _, _ in
            FolderLock {}
        },
        folderStamp: @escaping @Sendable (String) -> FolderStamp? = { _ in nil },
        readHead: (@Sendable (String, Int) throws -> [UInt8])? = nil,
        move: (@Sendable (String, String) throws -> Void)? = nil,
        readMapped: (@Sendable (String) throws -> FileBytes)? = nil,
        writersPerFolder: @escaping @Sendable (String) -> Int = { _ in 1 },
        modified: @escaping @Sendable (String) -> Int64? = { _ in nil },
        link: (@Sendable (String, String) throws -> Bool)? = nil
    ) {
        self.read = read
        self.readHead = readHead ?? { path, limit in Array(try read(path).prefix(limit)) }
        self.readMapped = readMapped ?? { path in FileBytes(try read(path)) }
        self.writeAtomically = writeAtomically
        self.createNew =
            createNew ?? { path, bytes in
                if exists(path) { return false }
                try writeAtomically(path, bytes)
                return true
            }
        self.append = append
        self.remove = remove
        self.move =
            move ?? { from, to in
                try writeAtomically(to, read(from))
                try remove(from)
            }
        self.link =
            link ?? { existing, new in
                guard exists(existing) else { return false }
                try writeAtomically(new, read(existing))
                return true
            }
        self.exists = exists
        self.isDirectory = isDirectory
        self.listFiles = listFiles
        self.makeDirectory = makeDirectory
        self.names = names ?? { folder in (try? listFiles(folder))?.filter { !$0.contains("/") } }
        self.symbolicLinks = symbolicLinks
        self.realPath = realPath
        self.lock = lock
        self.folderStamp = folderStamp
        self.writersPerFolder = writersPerFolder
        self.modified = modified
    }
}

/// A folder's identity (device and inode) and the time its list of names last changed, in nanoseconds
/// since 1970 (`st_mtim`).
public struct FolderStamp: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var modified: Int64

    public init(device: UInt64, inode: UInt64, modified: Int64) {
        self.device = device
        self.inode = inode
        self.modified = modified
    }
}

extension FileSystem {
    /// This file system, but reading the files of `bytes` (by path) from there.
    public func serving(_ bytes: [String: [UInt8]]) -> FileSystem {
        guard !bytes.isEmpty else { return self }
        var served = self
        let read = self.read
        served.read = { path in try bytes[path] ?? read(path) }
        let readHead = self.readHead
        served.readHead = { path, limit in try bytes[path].map { Array($0.prefix(limit)) } ?? readHead(path, limit) }
        return served
    }

    /// Where `writeAtomically` stages a file: beside it, hidden, with a fixed name, so that a build
    /// killed mid-write leaves a file the next build can find and remove.
    public static func temporaryPath(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + ".\(name).worldfacts-tmp"
    }

    /// Where the writer keeps the file a build replaces or removes until the build has saved its manifest:
    /// beside it, hidden, with a fixed name, so that a failed build can put it back and a killed one
    /// leaves a file the next build can find and remove.
    public static func backupPath(for path: String) -> String {
        // Split at the last slash, not through NSString: it is made twice for every file a build replaces.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ".\(path).worldfacts-old" }
        let name = path[path.index(after: slash)...]
        return concat(String(path[...slash]), ".", String(name), ".worldfacts-old")
    }
}
