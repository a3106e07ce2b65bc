import WorldFactsModel
import WorldFactsSupport

/// Reads `Templates/*.mustache` and `Templates/assets/**`. The search script is written in parts,
/// `assets/search/*.js`, which become the one asset `search.js`, joined in name order: one file for each
/// page to load, with no bundler (`ScriptParts`).
public struct ThemeLoader {
    public var fileSystem: FileSystem
    public var folder: String

    public init(folder: String, fileSystem: FileSystem = .disk) {
        self.folder = folder
        self.fileSystem = fileSystem
    }

    public func load() throws(StageFailure) -> Theme {
        guard fileSystem.isDirectory(folder) else {
            throw StageFailure([.error(SourceLocation(file: folder), "missing: the templates folder does not exist")])
        }
        var templates: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        var scriptParts: [(name: String, bytes: [UInt8])] = []
        var diagnostics: [Diagnostic] = []
        do {
            for relative in try fileSystem.listFiles(folder) {
                let path = joinPath(folder, relative)
                if relative.hasPrefix(ScriptParts.folder) {
                    scriptParts.append(
                        (String(relative.dropFirst(ScriptParts.folder.count)), try fileSystem.read(path)))
                } else if relative.hasPrefix("assets/") {
                    assets[String(relative.dropFirst("assets/".count))] = try fileSystem.read(path)
                } else if relative.hasSuffix(".mustache") {
                    let bytes = try fileSystem.read(path)
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        diagnostics.append(
                            .error(
                                SourceLocation(file: path, line: ContentLoader.lineOfFirstInvalidByte(bytes)),
                                "invalid UTF-8 in template"))
                        continue
                    }
                    templates[String(relative.dropLast(".mustache".count))] = text
                }
            }
        } catch {
            diagnostics.append(.error(SourceLocation(file: folder), "cannot read templates: \(error)"))
        }
        if !scriptParts.isEmpty {
            if assets[ScriptParts.script] != nil {
                diagnostics.append(
                    .error(
                        SourceLocation(file: joinPath(folder, "assets", ScriptParts.script)),
                        "the search script is given twice: as this file and in parts (\(ScriptParts.folder)*.js);"
                            + " keep one"))
            } else {
                assets[ScriptParts.script] = ScriptParts.joined(scriptParts)
            }
        }
        if !diagnostics.isEmpty { throw StageFailure(diagnostics) }
        return Theme(folder: folder, templates: templates, assets: assets)
    }
}

/// The search script's parts (`assets/search/*.js`), each a piece of the one closure the published
/// `search.js` is: joined in the order of their names (`00-fold.js` first), each ending in a line break.
/// A file there that is no `.js` is left out, as an editor's backup is.
enum ScriptParts {
    static let folder = "assets/search/"
    static let script = "search.js"

    static func joined(_ parts: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        for part in parts.filter({ $0.name.hasSuffix(".js") && !$0.name.contains("/") }).sorted(by: {
            $0.name < $1.name
        }) {
            out += part.bytes
            if part.bytes.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        }
        return out
    }
}
