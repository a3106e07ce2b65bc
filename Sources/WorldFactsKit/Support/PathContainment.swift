/// True when `path` is `folder` or lies below it, by their text: both absolute and resolved already
/// (`/` holds every absolute path). The one containment check of the output guard and the link check.
public func isPath(_ path: String, within folder: String) -> Bool {
    path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
}
