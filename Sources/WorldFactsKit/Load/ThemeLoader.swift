/// The templates folder as read from disk: Mustache template texts by name and asset files.
public struct Theme: Sendable {
    public var folder: String
    /// Template name (file name without `.mustache`) → text.
    public var templates: [String: String]
    /// Path relative to `assets/` → bytes.
    public var assets: [String: [UInt8]]
}

/// Reads `Templates/*.mustache` and `Templates/assets/**`.
public struct ThemeLoader {
    public var fileSystem: FileSystem
    public var folder: String

    public init(folder: String, fileSystem: FileSystem = .disk) {
        self.folder = folder
        self.fileSystem = fileSystem
    }

    public func load() throws(BuildFailure) -> Theme {
        guard fileSystem.isDirectory(folder) else {
            throw BuildFailure(step: "load", diagnostics: [.error(SourceLocation(file: folder), "missing: the templates folder does not exist")])
        }
        var templates: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        var diagnostics: [Diagnostic] = []
        do {
            for relative in try fileSystem.listFiles(folder) {
                let path = joinPath(folder, relative)
                if relative.hasPrefix("assets/") {
                    assets[String(relative.dropFirst("assets/".count))] = try fileSystem.read(path)
                } else if relative.hasSuffix(".mustache") {
                    let bytes = try fileSystem.read(path)
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        diagnostics.append(.error(SourceLocation(file: path, line: ContentLoader.lineOfFirstInvalidByte(bytes)), "invalid UTF-8 in template"))
                        continue
                    }
                    templates[String(relative.dropLast(".mustache".count))] = text
                }
            }
        } catch {
            diagnostics.append(.error(SourceLocation(file: folder), "cannot read templates: \(error)"))
        }
        if !diagnostics.isEmpty { throw BuildFailure(step: "load", diagnostics: diagnostics) }
        return Theme(folder: folder, templates: templates, assets: assets)
    }
}
