import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One entry below a folder, as `lstat` tells of it: a link is a link, not what it names.
public struct FolderEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case file, folder, link, other }
    /// From the walked folder, its names joined by "/".
    public let path: String
    public let kind: Kind
    public let size: UInt64
    /// Seconds since 1970, nanoseconds included.
    public let modified: Double
}

extension PosixFile {
    /// Every entry below `folder` (hidden ones too), a folder's entries after it, in no set order. Links are
    /// not followed, and a folder below that cannot be read holds nothing; nil when `folder` itself cannot be
    /// read. One `readdir` pass a folder and one `lstat` an entry: Foundation's enumerator, asked for each
    /// entry's attributes, built a dictionary and several `NSString` paths an entry, and `watch` walked
    /// the sources four times an edit. Folders are read one at a time, each closed before the next is
    /// opened, so a deep tree holds one descriptor, not one a level.
    public static func walk(_ folder: String) -> [FolderEntry]? {
        let base = folder.isEmpty ? "." : folder
        var entries: [FolderEntry] = []
        var folders = [""]
        while let relative = folders.popLast() {
            guard let names = names(in: relative.isEmpty ? base : base + "/" + relative) else {
                if relative.isEmpty { return nil }
                continue
            }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard lstat(base + "/" + path, &status) == 0 else { continue }
                let kind: FolderEntry.Kind
                switch status.st_mode & S_IFMT {
                case S_IFREG: kind = .file
                case S_IFDIR: kind = .folder
                case S_IFLNK: kind = .link
                default: kind = .other
                }
                let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
                entries.append(FolderEntry(path: path, kind: kind, size: UInt64(status.st_size), modified: modified))
                if kind == .folder { folders.append(path) }
            }
        }
        return entries
    }

    /// The names in a folder but `.` and `..`; nil when it cannot be opened.
    static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = name(of: entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
