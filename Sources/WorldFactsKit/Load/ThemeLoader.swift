import WorldFactsModel
import WorldFactsSupport

/// Reads `Templates/*.mustache` and `Templates/assets/**`.
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
        var diagnostics: [Diagnostic] = []
        do {
            for relative in try fileSystem.listFiles(folder) {
                let path = joinPath(folder, relative)
                if relative.hasPrefix("assets/") {
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
        if !diagnostics.isEmpty { throw StageFailure(diagnostics) }
        return Theme(folder: folder, templates: templates, assets: assets)
    }
}
