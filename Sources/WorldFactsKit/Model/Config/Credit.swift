/// Where data comes from: its source, a link to it and its license, shown in the pages' footers.
public struct Credit: Sendable, Hashable {
    public var text: String
    public var url: String
    public var license: String

    public init(text: String, url: String, license: String) {
        self.text = text
        self.url = url
        self.license = license
    }
}
