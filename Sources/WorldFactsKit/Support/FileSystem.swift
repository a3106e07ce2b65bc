import Foundation

/// The file system as a small set of closures: real on disk, replaceable in tests.
/// Every path is absolute or relative to the current directory.
public struct FileSystem: Sendable {
    public var read: @Sendable (String) throws -> [UInt8]
    public var writeAtomically: @Sendable (String, [UInt8]) throws -> Void
    /// Writes a file that must not exist yet, in place (no temporary file: there is nothing to lose).
    /// Returns false, and writes nothing, if the file exists.
    public var createNew: @Sendable (String, [UInt8]) throws -> Bool
    /// Appends bytes to a file, creating it if needed (not atomic: for journals).
    public var append: @Sendable (String, [UInt8]) throws -> Void
    public var remove: @Sendable (String) throws -> Void
    public var exists: @Sendable (String) -> Bool
    public var isDirectory: @Sendable (String) -> Bool
    /// Relative paths of the regular files (and links to them) below a folder, sorted.
    public var listFiles: @Sendable (String) throws -> [String]
    public var makeDirectory: @Sendable (String) throws -> Void
    /// The names in one folder (files and folders, not below it, in no order); nil when it cannot be
    /// listed. One listing answers for many files at once, where `exists` asks for one.
    public var names: @Sendable (String) -> [String]?

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
        names: (@Sendable (String) -> [String]?)? = nil
    ) {
        self.read = read
        self.writeAtomically = writeAtomically
        self.createNew = createNew ?? { path, bytes in
            if exists(path) { return false }
            try writeAtomically(path, bytes)
            return true
        }
        self.append = append
        self.remove = remove
        self.exists = exists
        self.isDirectory = isDirectory
        self.listFiles = listFiles
        self.makeDirectory = makeDirectory
        self.names = names ?? { folder in (try? listFiles(folder))?.filter { !$0.contains("/") } }
    }
}

public struct FileSystemError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}

extension FileSystem {
    /// The real disk. Writes go to a temporary file in the same folder, then `rename(2)` over the target;
    /// a missing folder is made on the first write into it.
    public static let disk = FileSystem(
        read: { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FileSystemError(path: path, message: "cannot read file (missing or unreadable)")
            }
            return [UInt8](data)
        },
        writeAtomically: { path, bytes in
            let temporary = FileSystem.temporaryPath(for: path)
            let descriptor = try PosixFile.create(temporary, for: path, flags: O_TRUNC)
            if let failure = PosixFile.write(bytes, to: descriptor) ?? (rename(temporary, path) == 0 ? nil : String(cString: strerror(errno))) {
                unlink(temporary)
                throw FileSystemError(path: path, message: "cannot write: \(failure)")
            }
        },
        append: { path, bytes in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            guard descriptor >= 0 else { throw FileSystemError(path: path, message: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw FileSystemError(path: path, message: "cannot append") }
        },
        remove: { path in try FileManager.default.removeItem(atPath: path) },
        exists: { path in access(path, F_OK) == 0 },
        isDirectory: { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        },
        listFiles: { folder in
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
                throw FileSystemError(path: folder, message: "cannot list folder")
            }
            var files: [String] = []
            while let relative = enumerator.nextObject() as? String {
                switch enumerator.fileAttributes?[.type] as? FileAttributeType {
                case .typeRegular?: files.append(relative)
                case .typeSymbolicLink?:  // a link to a file counts as that file
                    var isDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                        files.append(relative)
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
            do { descriptor = try PosixFile.create(path, for: path, flags: O_EXCL) } catch is PosixFile.Exists { return false }
            if let failure = PosixFile.write(bytes, to: descriptor) {
                unlink(path)
                throw FileSystemError(path: path, message: "cannot write: \(failure)")
            }
            return true
        },
        names: { folder in
            guard let directory = opendir(folder.isEmpty ? "." : folder) else { return nil }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            return names
        }
    )
}

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
}

extension FileSystem {
    /// Where `writeAtomically` stages a file: beside it, hidden, with a fixed name, so that a build
    /// killed mid-write leaves a file the next build can find and remove.
    public static func temporaryPath(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + ".\(name).worldfacts-tmp"
    }
}

/// Joins path parts with "/", ignoring empty ones.
func joinPath(_ parts: String...) -> String {
    var result = ""
    for part in parts where !part.isEmpty {
        if result.isEmpty || part.hasPrefix("/") { result = part; continue }
        result += result.hasSuffix("/") ? part : "/" + part
    }
    return result
}
