import Foundation
import WorldFactsSupport

/// Nothing from outside the content and templates folders reaches Output. A symbolic link below either
/// folder that leads outside it (`notes/FR.md → /etc/passwd`) is refused with an error naming the link
/// and where it leads, as Jekyll's safe mode refuses them since CVE-2018-17567; links that stay inside
/// are followed. `followOutside` (`--follow-symlinks`) allows outside links, with a warning for each.
public enum SourceLinks {
    /// Checks the links below `folder`, which is the site's `role` folder ("content", "templates").
    /// Returns the warnings for outside links it allows; throws the errors for those it refuses.
    public static func check(
        folder: String, role: String, fileSystem: FileSystem, followOutside: Bool
    ) throws(StageFailure) -> [Diagnostic] {
        guard fileSystem.isDirectory(folder), let root = fileSystem.realPath(folder) else { return [] }
        var problems: [Diagnostic] = []
        for link in fileSystem.symbolicLinks(folder) {
            let target = link.resolved ?? lexicalTarget(of: link, in: root)
            guard !isPath(target, within: root) else { continue }
            let location = SourceLocation(file: joinPath(folder, link.path))
            if followOutside {
                problems.append(
                    .warning(
                        location,
                        "symbolic link leads outside the \(role) folder, to \(target); followed (--follow-symlinks)"))
            } else {
                problems.append(
                    .error(
                        location,
                        "symbolic link leads outside the \(role) folder, to \(target); refusing to publish a file from"
                            + " outside it (--follow-symlinks allows it)"))
            }
        }
        if !problems.errors.isEmpty { throw StageFailure(problems.errors) }
        return problems
    }

    /// Where a link that leads nowhere would lead: its text, from the link's own folder.
    static func lexicalTarget(of link: SymbolicLink, in root: String) -> String {
        if link.destination.hasPrefix("/") { return (link.destination as NSString).standardizingPath }
        let folder = (joinPath(root, link.path) as NSString).deletingLastPathComponent
        return (joinPath(folder, link.destination) as NSString).standardizingPath
    }
}
