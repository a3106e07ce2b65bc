public struct SearchScope: Sendable {
    public var id: String
    public var label: String
    public var fields: [SiteConfig.FieldRef]

    public init(id: String, label: String, fields: [SiteConfig.FieldRef]) {
        self.id = id
        self.label = label
        self.fields = fields
    }
}
