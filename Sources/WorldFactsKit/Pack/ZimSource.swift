import WorldFactsLoad
import WorldFactsModel
import WorldFactsSupport

/// What `worldfacts pack --zim` takes from the sources for a ZIM of one language: site.yml's `zim:` keys,
/// and the language's title, description and locale (its `languages/<id>.yml`'s where it has them), and the
/// folder its pages are in. Read after the build, which has checked the sources already.
public struct ZimSource: Sendable {
    public let spec: ZimSpec?
    public let title: String
    public let description: String?
    public let locale: String
    /// The language's folder: "" for the default, `sv/` for another. Its `index.html` is the ZIM's main page.
    public let folder: String
    /// site.yml's path, where a missing key is reported.
    public let siteFile: String
    public let content: String

    public static func read(
        content: String, language: String?, fileSystem: FileSystem = .disk
    ) throws(StageFailure) -> ZimSource {
        let siteFile = joinPath(content, "site.yml")
        let text = (try? fileSystem.read(siteFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let (loaded, diagnostics) = SiteConfigLoader(file: siteFile).load(text: text)
        guard let config = loaded else { throw StageFailure(diagnostics) }
        let languages = config.languages
        guard let language, language != languages.first?.id else {
            return ZimSource(
                spec: config.zim, title: config.title, description: config.description, locale: config.locale,
                folder: "", siteFile: siteFile, content: content)
        }
        guard let position = languages.firstIndex(where: { $0.id == language }) else {
            let known =
                languages.isEmpty
                ? "the site has one language"
                : "its languages are "
                    + languages.map { "'\($0.id)'" }.joined(separator: ", ")
            throw StageFailure([.error(SourceLocation(file: "--language"), "no language '\(language)': \(known)")])
        }
        let file = joinPath(content, "languages/\(language).yml")
        let texts = (try? fileSystem.read(file)).map {
            LanguageTextsReader(file: file, config: config).read(text: String(decoding: $0, as: UTF8.self)).0
        }
        return ZimSource(
            spec: config.zim, title: texts?.title ?? config.title,
            description: texts?.description ?? config.description,
            locale: languages[position].locale, folder: languages[position].folder(isDefault: false),
            siteFile: siteFile,
            content: content)
    }
}
