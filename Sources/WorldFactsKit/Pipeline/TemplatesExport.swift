import WorldFactsLoad
import WorldFactsSupport

/// `worldfacts templates --export DIR`: the built-in templates and assets (`BuiltInTheme`), written out to
/// edit. A site whose content folder holds them as `templates/`, or that names them with `--templates`,
/// is built with its copies over the built-in ones.
public enum TemplatesExport {
    /// Writes the built-in set into `folder`; gives the paths written. Nothing is written when any file is
    /// there already.
    public static func write(to folder: String, fileSystem: FileSystem = .disk) throws(StageFailure) -> [String] {
        try BuiltInTheme.export(to: folder, fileSystem: fileSystem)
    }
}
