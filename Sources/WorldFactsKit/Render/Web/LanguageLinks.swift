import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// In a site of several languages, how a page leads to its other languages: the head's `hreflang`
/// alternates between the versions of a page (and `x-default`, the default language's), and the
/// language switcher, which stays on the same page where the other language has it and else leads to
/// that language's home. A page of a language is its path in the default language under the language's
/// folder (`sv/countries/se.html`): only section pages, cut where each alphabet cuts, have no versions.
struct LanguageLinks: Sendable {
    struct Language: Sendable {
        let tag: String
        let label: String
        let folder: String
    }

    let languages: [Language]
    /// The page's own language, by position.
    let current: Int
    let url: BaseURL?

    /// Nil for a site of one language.
    init?(config: SiteConfig) {
        guard config.languages.count > 1 else { return nil }
        languages = config.languages.enumerated().map { number, language in
            Language(
                tag: KnownLocales.languageTag(language.locale) ?? language.locale, label: language.label,
                folder: language.folder(isDefault: number == 0))
        }
        current = config.language
        url = config.url
    }

    /// Writes `switcher` and, for a page with versions, `alternates`. `path` is the page's, from the
    /// output's root; `root` the way up to it.
    func write<Writer: ContextWriter>(path: String, root: String, versions: Bool, into writer: inout Writer) {
        let own = languages[current].folder
        let inDefault = versions && path.hasPrefix(own) ? String(path.dropFirst(own.count)) : nil
        let paths = languages.map { language in inDefault.map { language.folder + $0 } ?? language.folder + "index.html"
        }
        writer.value(
            "switcher",
            [
                "links": .list(
                    languages.indices.map { number -> TemplateValue in
                        [
                            "lang": .text(languages[number].tag), "label": .text(languages[number].label),
                            "href": .text(root + paths[number]), "current": .flag(number == current),
                        ]
                    })
            ])
        guard inDefault != nil else { return }
        let address = { (path: String) in url?.address(of: path) ?? root + path }
        writer.value(
            "alternates",
            .list(
                languages.indices.map { number -> TemplateValue in
                    ["lang": .text(languages[number].tag), "href": .text(address(paths[number]))]
                } + [["lang": "x-default", "href": .text(address(paths[0]))]]))
    }
}
