/// What a template sees: text, a flag, a list or an object. Typed, so rendering a page needs no dynamic
/// casts, and an object keeps its keys in the order they were set, so a fingerprint of it is stable.
public enum TemplateValue: Sendable, Hashable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case object(TemplateObject)

    /// The value of `key` in an object; nothing for any other kind of value.
    func child(_ key: String) -> TemplateValue? {
        switch self {
        case .object(let object): return object[key]
        case .text, .flag, .list: return nil
        }
    }

    /// Mustache's falsy values: false and the empty list. Text, even empty, is truthy, as in swift-mustache.
    var isFalsy: Bool {
        switch self {
        case .flag(let flag): return !flag
        case .list(let list): return list.isEmpty
        case .text, .object: return false
        }
    }
}
