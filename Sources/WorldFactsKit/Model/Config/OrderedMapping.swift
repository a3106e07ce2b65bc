/// A mapping from site.yml or a language's texts, kept in the order it was written. A config's text
/// (`String(reflecting:)`) starts every page's fingerprint and tells a live build whether only values
/// changed: a dictionary's order differs from process to process, and would make every build differ.
public struct OrderedMapping<Value: Sendable>: Sendable {
    public private(set) var pairs: [(key: String, value: Value)] = []

    public init() {}

    public init(_ pairs: [(key: String, value: Value)]) {
        for (key, value) in pairs { self[key] = value }
    }

    public var isEmpty: Bool { pairs.isEmpty }

    public subscript(key: String) -> Value? {
        get { pairs.first { $0.key == key }?.value }
        set {
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                if let newValue { pairs[index].value = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
        }
    }
}
