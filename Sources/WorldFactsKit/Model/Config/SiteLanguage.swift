/// One language a site is published in (`languages:` in site.yml). The first is the default: its pages
/// are at the output's root, and every other language's are in a folder named by its id (`sv/`).
public struct SiteLanguage: Sendable, Hashable {
    /// The language's folder, and its name in `titles:`, `translations:` and `languages/<id>.yml`.
    public var id: String
    /// The ICU locale that collates, sections and formats its pages (`sv`, `de_CH`).
    public var locale: String
    /// Its name in the language switcher, in its own language (`Svenska`).
    public var label: String

    public init(id: String, locale: String, label: String) {
        self.id = id
        self.locale = locale
        self.label = label
    }

    /// Where its pages go: "" for the default language, else `<id>/`.
    public func folder(isDefault: Bool) -> String { isDefault ? "" : id + "/" }
}

/// Which languages a collection has pages in (`collections[].languages`).
public enum CollectionLanguages: String, Sendable, CaseIterable {
    /// Every language of the site.
    case all
    /// The default language only: the other languages link to its pages, and share its search scope.
    case `default`
}
