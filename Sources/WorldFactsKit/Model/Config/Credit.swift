public struct Credit: Sendable {
    public var text: String
    public var url: String
    public var license: String

    public init(text: String, url: String, license: String) {
        self.text = text
        self.url = url
        self.license = license
    }
}
