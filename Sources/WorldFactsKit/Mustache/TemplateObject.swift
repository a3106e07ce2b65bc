/// Keys and values in the order they were set. Page contexts have a dozen keys at most, so a linear
/// search beats hashing.
public struct TemplateObject: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: TemplateValue
    }
    public private(set) var entries: [Entry] = []

    public init() {}

    /// An empty object with room for `capacity` keys.
    public init(capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// Adds a key the object does not have yet, without looking for it first (a debug build checks):
    /// for the contexts made key by key for every page, where the setter compared each new key with
    /// every key already set.
    public mutating func add(_ key: String, _ value: TemplateValue) {
        assert(self[key] == nil, "'\(key)' is in the object already")
        entries.append(Entry(key: key, value: value))
    }

    public subscript(key: String) -> TemplateValue? {
        get {
            // By index, so that the entries passed over are read in place, not copied.
            for position in entries.indices where entries[position].key == key { return entries[position].value }
            return nil
        }
        set {
            if let position = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[position].value = newValue } else { entries.remove(at: position) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }

    /// The keys and values in order; a key given twice keeps its place and takes the later value.
    init(_ elements: [(String, TemplateValue)]) {
        entries.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .flag(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(elements))
    }
}
