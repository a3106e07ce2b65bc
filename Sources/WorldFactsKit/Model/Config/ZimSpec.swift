/// `zim:`: the metadata `worldfacts pack --zim` gives a ZIM file besides what site.yml says already (its title,
/// description and locale): what Kiwix shows in its library. Each key is optional in site.yml; `pack --zim`
/// names each one it needs and does not find.
public struct ZimSpec: Sendable, Hashable {
    /// The ZIM's `Name`, the same across its releases (`worldfacts_en_all`).
    public var name: String?
    /// Who made the content (`Creator`) and who made the ZIM (`Publisher`).
    public var creator: String?
    public var publisher: String?
    /// `Tags`, joined by `;`.
    public var tags: [String] = []
    /// A 48×48 PNG in the content folder, the ZIM's illustration.
    public var illustration: String?
    /// Its `Description` where the language's `description` is longer than a ZIM's 80 characters.
    public var description: String?

    public init() {}
}
