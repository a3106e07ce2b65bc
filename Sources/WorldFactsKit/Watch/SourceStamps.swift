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

    /// Reads the folders (recursively); a folder that does not exist contributes nothing.
    public static func take(_ folders: [String]) -> SourceStamps {
        var files: [String: Stamp] = [:]
        let manager = FileManager.default
        for folder in folders {
            guard let enumerator = manager.enumerator(atPath: folder) else { continue }
            while let relative = enumerator.nextObject() as? String {
                guard let attributes = enumerator.fileAttributes,
                    attributes[.type] as? FileAttributeType == .typeRegular
                else { continue }
                let name = (relative as NSString).lastPathComponent
                // Editor droppings.
                if name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") { continue }
                files[joinPath(folder, relative)] = Stamp(
                    size: (attributes[.size] as? NSNumber)?.uint64Value ?? 0,
                    modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
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
