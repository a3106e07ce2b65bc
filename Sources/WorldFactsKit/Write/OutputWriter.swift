/// What a build did to the output folder.
public struct WriteReport: Sendable, Equatable {
    public var written: [String] = []
    public var unchanged = 0
    public var removed: [String] = []
}

/// Writes a site incrementally: a file whose bytes hash as in the manifest (and that is still on disk) is
/// left alone; every other file is written atomically; files the previous manifest lists and this build
/// no longer makes are removed; nothing else in the folder is touched. The manifest goes last, so an
/// interrupted build is repaired by the next one.
public final class OutputWriter {
    public let folder: String
    let fileSystem: FileSystem
    let previous: Manifest
    private(set) var current = Manifest()
    private(set) var report = WriteReport()

    public init(folder: String, fileSystem: FileSystem = .disk, clean: Bool = false) throws(BuildFailure) {
        self.folder = folder
        self.fileSystem = fileSystem
        let manifestPath = joinPath(folder, Manifest.fileName)
        if fileSystem.exists(manifestPath) {
            guard let bytes = try? fileSystem.read(manifestPath), let manifest = Manifest.decode(bytes) else {
                throw BuildFailure(step: "write", diagnostics: [.error(SourceLocation(file: manifestPath), "unreadable build manifest; remove it and build with --force")])
            }
            previous = manifest
        } else {
            previous = Manifest()
        }
        if clean {
            for path in previous.files.keys.sorted() { try? fileSystem.remove(joinPath(folder, path)) }
        }
    }

    public func write(_ file: OutputFile) throws(BuildFailure) {
        precondition(OutputPath.isSafe(file.path), "unsafe output path \(file.path)")
        let hash = ContentHash.of(file.bytes)
        let path = joinPath(folder, file.path)
        if current.files[file.path] != nil {
            throw BuildFailure(step: "write", diagnostics: [.error(SourceLocation(file: path), "two outputs of this build have the same path")])
        }
        current.files[file.path] = hash
        if previous.files[file.path] == hash && fileSystem.exists(path) {
            report.unchanged += 1
            return
        }
        do {
            try fileSystem.writeAtomically(path, file.bytes)
        } catch {
            throw BuildFailure(step: "write", diagnostics: [.error(SourceLocation(file: path), "cannot write: \(error)")])
        }
        report.written.append(file.path)
    }

    /// Removes what the previous build made and this one did not, then saves the manifest.
    public func finish() throws(BuildFailure) -> WriteReport {
        let stale = previous.files.keys.filter { current.files[$0] == nil }.sorted()
        for path in stale where fileSystem.exists(joinPath(folder, path)) {
            try? fileSystem.remove(joinPath(folder, path))
        }
        report.removed = stale
        if current != previous || !fileSystem.exists(joinPath(folder, Manifest.fileName)) {
            do { try fileSystem.writeAtomically(joinPath(folder, Manifest.fileName), current.encoded()) } catch {
                throw BuildFailure(step: "write", diagnostics: [.error(SourceLocation(file: folder), "cannot save the build manifest: \(error)")])
            }
        }
        return report
    }
}
