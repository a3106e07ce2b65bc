import Foundation
import WorldFactsModel
import WorldFactsSupport

/// Refuses output folders that would destroy input or foreign files: the content or templates folder,
/// a folder that holds them (the project root), `/` (`checkPlace`), or a non-empty folder that no
/// worldfacts build made (`checkContents`, which the pipeline asks once it holds the folder's lock, so
/// that it never mistakes a build still writing for a stranger).
public struct OutputGuard {
    public var fileSystem: FileSystem

    public init(fileSystem: FileSystem = .disk) { self.fileSystem = fileSystem }

    static func absolute(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let text = url.path
        return text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// Both checks.
    public func check(output: String, inputs: [String], force: Bool) throws(StageFailure) {
        try checkPlace(output: output, inputs: inputs)
        try checkContents(output: output, force: force)
    }

    /// The output folder is neither `/` nor is or holds an input folder, nor is inside one.
    public func checkPlace(output: String, inputs: [String], cache: String? = nil) throws(StageFailure) {
        let target = Self.absolute(output)
        var problems: [Diagnostic] = []
        if target == "/" {
            problems.append(.error(SourceLocation(file: output), "refusing to write the site into /"))
        }
        for input in inputs {
            let source = Self.absolute(input)
            if isPath(source, within: target) || isPath(target, within: source) {
                problems.append(
                    .error(
                        SourceLocation(file: output),
                        "refusing to write the site into a folder that is or holds the input folder \(input)"))
            }
        }
        // The cache's snapshot holds the records files' bytes: never published, never read as a source.
        if let cache {
            let folder = Self.absolute(cache)
            for place in [output] + inputs where isPath(folder, within: Self.absolute(place)) {
                problems.append(
                    .error(
                        SourceLocation(file: cache),
                        "the cache folder is inside \(place); keep it out of the output, content and templates"
                            + " folders (--cache-dir)"))
            }
        }
        if !problems.isEmpty { throw StageFailure(problems) }
    }

    /// Without `force`, the output folder is empty or a worldfacts build made it: it has a manifest, or
    /// the journal of a build that was killed before it wrote one.
    public func checkContents(output: String, force: Bool) throws(StageFailure) {
        var problems: [Diagnostic] = []
        if !force, fileSystem.isDirectory(output), !Bookkeeping.hasManifest(in: output, fileSystem: fileSystem),
            !Bookkeeping.hasJournal(in: output, fileSystem: fileSystem)
        {
            let ours: Set<String> = [".gitignore", FolderLock.fileName, Bookkeeping.folder]
            let foreign = ((try? fileSystem.listFiles(output)) ?? []).filter { !ours.contains($0) }
            if !foreign.isEmpty {
                problems.append(
                    .error(
                        SourceLocation(file: output),
                        "refusing to write into a non-empty folder that no worldfacts build made"
                            + " (\(foreign.count) files, e.g. \(foreign[0])); use --force to write there anyway"
                    ))
            }
        }
        if !problems.isEmpty { throw StageFailure(problems) }
    }
}
