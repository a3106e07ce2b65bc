import WorldFactsModel
import WorldFactsSupport

/// Reads the site's templates: the built-in set (`BuiltInTheme`), with the files of the site's own templates
/// folder, when it has one, over them file by file (a file of the same path replaces the built-in one; any
/// other is added). Templates are `*.mustache`, assets everything under `assets/`. The search script is
/// written in parts, `assets/search/*.js`, which become the one asset `search.js`, joined in name order: one
/// file for each page to load, with no bundler (`ScriptParts`). A folder that gives the script whole
/// (`assets/search.js`) replaces the built-in parts.
public struct ThemeLoader {
    public var fileSystem: FileSystem
    /// The site's own templates folder; nil for the built-in set alone.
    public var folder: String?

    public init(folder: String?, fileSystem: FileSystem = .disk) {
        self.folder = folder
        self.fileSystem = fileSystem
    }

    public func load() throws(StageFailure) -> Theme {
        var files = BuiltInTheme.files.mapValues { (bytes: $0, path: Self.builtInPath) }
        var diagnostics: [Diagnostic] = []
        if let folder {
            guard fileSystem.isDirectory(folder) else {
                throw StageFailure([
                    .error(
                        SourceLocation(file: folder),
                        "missing: the templates folder does not exist (leave out --templates to build with the"
                            + " built-in templates)")
                ])
            }
            do {
                let own = try fileSystem.listFiles(folder)
                // A script given whole replaces the built-in parts; given in parts too, it is an error below.
                if own.contains("assets/" + ScriptParts.script) {
                    files = files.filter { !$0.key.hasPrefix(ScriptParts.folder) }
                }
                for relative in own { files[relative] = (try fileSystem.read(joinPath(folder, relative)), folder) }
            } catch {
                diagnostics.append(.error(SourceLocation(file: folder), "cannot read templates: \(error)"))
            }
        }
        var templates: [String: String] = [:]
        var sources: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        var scriptParts: [(name: String, bytes: [UInt8], from: String)] = []
        for (relative, (bytes, from)) in files.sorted(by: { $0.key < $1.key }) {
            if relative.hasPrefix(ScriptParts.folder) {
                scriptParts.append((String(relative.dropFirst(ScriptParts.folder.count)), bytes, from))
            } else if relative.hasPrefix("assets/") {
                assets[String(relative.dropFirst("assets/".count))] = bytes
            } else if relative.hasSuffix(".mustache") {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    diagnostics.append(
                        .error(
                            SourceLocation(
                                file: joinPath(from, relative), line: ContentLoader.lineOfFirstInvalidByte(bytes)),
                            "invalid UTF-8 in template"))
                    continue
                }
                let name = String(relative.dropLast(".mustache".count))
                templates[name] = text
                sources[name] = from
            }
        }
        if !scriptParts.isEmpty {
            if assets[ScriptParts.script] != nil, let folder {
                diagnostics.append(
                    .error(
                        SourceLocation(file: joinPath(folder, "assets", ScriptParts.script)),
                        "the search script is given twice: as this file and in parts (\(ScriptParts.folder)*.js);"
                            + " keep one"))
            } else {
                assets[ScriptParts.script] = ScriptParts.joined(scriptParts.map { ($0.name, $0.bytes) })
            }
        }
        if !diagnostics.isEmpty { throw StageFailure(diagnostics) }
        return Theme(folder: folder ?? Self.builtInPath, templates: templates, assets: assets, sources: sources)
    }

    static let builtInPath = BuiltInTheme.location
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
