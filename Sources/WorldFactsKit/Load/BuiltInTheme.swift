import Foundation
import WorldFactsModel
import WorldFactsSupport

/// The templates and assets built into the binary: the files of `Templates/` in the repository it was built
/// from (`Plugins/BuiltInTemplates`). A site needs no templates folder of its own; one it has overrides
/// these file by file and adds its own (`ThemeLoader`), and `worldfacts templates --export` writes them out
/// to start from.
public enum BuiltInTheme {
    /// Where a built-in file is said to be, in messages: `built-in templates/record.mustache`.
    public static let location = Theme.builtInLocation

    /// By path in a templates folder (`record.mustache`, `assets/style.css`): its bytes.
    public static let files: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for (path, bytes) in builtInTemplateFiles {
            guard let path = Data(base64Encoded: path).flatMap({ String(data: $0, encoding: .utf8) }),
                let bytes = Data(base64Encoded: bytes)
            else { preconditionFailure("the built-in templates were embedded unreadably") }
            files[path] = Array(bytes)
        }
        return files
    }()

    /// A digest of every built-in file, path and bytes: part of the sources' digest, so that a binary with
    /// other built-in templates takes no earlier build as up to date.
    public static let digest: String = {
        var hash = StableHash()
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            hash.add(contentsOf: path.utf8)
            hash.add(0)
            hash.mix(BulkHash.of(bytes))
        }
        return Hex.text(hash.value)
    }()

    /// Writes every built-in file into `folder`, made if needed; gives the paths written, sorted. Refuses,
    /// writing nothing, when any of them is there already: an export never replaces a file.
    public static func export(to folder: String, fileSystem: FileSystem = .disk) throws(StageFailure) -> [String] {
        let paths = files.keys.sorted()
        let there = paths.filter { fileSystem.exists(joinPath(folder, $0)) }
        guard there.isEmpty else {
            throw StageFailure(
                there.map {
                    .error(SourceLocation(file: joinPath(folder, $0)), "already there; an export never replaces a file")
                })
        }
        for path in paths {
            let full = joinPath(folder, path)
            do {
                if let slash = full.lastIndex(of: "/") { try fileSystem.makeDirectory(String(full[..<slash])) }
                guard try fileSystem.createNew(full, files[path]!) else {
                    throw StageFailure([
                        .error(SourceLocation(file: full), "already there; an export never replaces a file")
                    ])
                }
            } catch let failure as StageFailure {
                throw failure
            } catch {
                throw StageFailure([.error(SourceLocation(file: full), "cannot write: \(error)")])
            }
        }
        return paths
    }
}
