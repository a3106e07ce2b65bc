/// A member of a JSON object: its name and its value.
public struct JSONMember: Sendable {
    public var key: String
    public var node: JSONNode

    public init(key: String, node: JSONNode) {
        self.key = key
        self.node = node
    }
}
