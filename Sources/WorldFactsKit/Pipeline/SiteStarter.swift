import WorldFactsLoad
import WorldFactsSupport

/// `worldfacts init`: a starter site.yml beside a data file (`StarterSite` says what it holds). It never
/// replaces a site.yml: the file is created only where there is none.
public enum SiteStarter {
    /// What was written: where, and of how many records and columns.
    public struct Written: Sendable {
        public var content: String
        public var siteFile: String
        public var records: Int
        public var columns: Int
    }

    /// Writes `site.yml` into the content folder (by default the data file's) for the records of `data`.
    /// The data file must be in that folder or below it, since site.yml names its records relative to it.
    public static func write(
        data: String, query: String?, content: String? = nil, fileSystem: FileSystem = .disk
    ) throws(StageFailure) -> Written {
        var folder = content ?? parentFolder(of: data)
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        let siteFile = folder == "." ? "site.yml" : joinPath(folder, "site.yml")
        let relative: String
        if folder == "." {
            relative = data.hasPrefix("./") ? String(data.dropFirst(2)) : data
        } else if data.hasPrefix(folder + "/") {
            relative = String(data.dropFirst(folder.count + 1))
        } else {
            throw StageFailure([
                .error(
                    SourceLocation(file: data),
                    "the data file must be in the content folder (\(folder)): site.yml names it relative to that folder"
                )
            ])
        }
        // Checked first, so that a large data file is not read for nothing; `createNew` checks again.
        let alreadyThere = StageFailure([
            .error(SourceLocation(file: siteFile), "a site file is already there; init never replaces one")
        ])
        if fileSystem.exists(siteFile) { throw alreadyThere }
        let (columns, records) = try StarterSite.read(path: data, query: query, fileSystem: fileSystem)
        let text = try StarterSite.yaml(file: relative, query: query, columns: columns, records: records)
        let created: Bool
        do { created = try fileSystem.createNew(siteFile, Array(text.utf8)) } catch {
            throw StageFailure([.error(SourceLocation(file: siteFile), "cannot write the site file: \(error)")])
        }
        guard created else { throw alreadyThere }
        return Written(content: folder, siteFile: siteFile, records: records, columns: columns.count)
    }

    /// The folder of a path: "." for a bare name.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
