import Foundation
import WorldFactsPipeline
import WorldFactsSupport

/// The state of the input folders at one moment: every file's size and modification time.
public struct SourceStamps: Sendable, Equatable {
    public struct Stamp: Sendable, Equatable {
        var size: UInt64
        var modified: Double
    }

    public var files: [String: Stamp]

    public init(files: [String: Stamp] = [:]) { self.files = files }

    /// Reads the folders (recursively, not following links: `PosixFile.walk`); a folder that does not exist
    /// contributes nothing.
    public static func take(_ folders: [String]) -> SourceStamps {
        var files: [String: Stamp] = [:]
        for folder in folders {
            for entry in PosixFile.walk(folder) ?? [] where entry.kind == .file {
                let name = entry.path.split(separator: "/").last ?? ""
                // Editor droppings.
                if name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") { continue }
                files[joinPath(folder, entry.path)] = Stamp(size: entry.size, modified: entry.modified)
            }
        }
        return SourceStamps(files: files)
    }

    /// Paths added, removed or changed since `earlier`, sorted.
    public func changes(since earlier: SourceStamps) -> [String] {
        var changed = Set<String>()
        for (path, stamp) in files where earlier.files[path] != stamp { changed.insert(path) }
        for path in earlier.files.keys where files[path] == nil { changed.insert(path) }
        return changed.sorted()
    }
}
