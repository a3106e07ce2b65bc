/// A list element marked with its place, so that a render tells where that element's turn of its section
/// went (`TemplateRenderer.renderMarking`): an object whose last entry has `key`. No template can name
/// the key: a tag's name is split at its dots, so no part of it has one. A marked page renders the bytes
/// the unmarked one does.
public enum ElementMark {
    static let key = "mark.place"

    /// Where a marked element's turn of a section went: its place, and the bytes it rendered.
    public struct Found: Sendable, Equatable {
        public let place: Int
        public let range: Range<Int>
    }

    /// `value` (an object) marked with `place`; any other value as it is.
    public static func marked(_ value: TemplateValue, place: Int) -> TemplateValue {
        guard case .object(var object) = value else { return value }
        object.add(key, .text(String(place)))
        return .object(object)
    }

    /// The place an element was marked with, if it was.
    static func place(of value: TemplateValue) -> Int? {
        guard case .object(let object) = value, let last = object.entries.last, last.key == key,
            case .text(let text) = last.value
        else { return nil }
        return Int(text)
    }
}
