/// Where a context is written as it is made, entry by entry, depth first: into a tree (`ContextTree`),
/// or as its outline and texts only (`ContextOutline`). A page's context is written by a
/// `ContextSource`, which can write it either way: a page of a shape seen before needs only its outline
/// (`TemplatePlans`), and no tree is made for it.
public protocol ContextWriter {
    /// A text under `key` in the object being written.
    mutating func text(_ key: StaticString, _ text: String)
    /// A flag under `key`.
    mutating func flag(_ key: StaticString, _ flag: Bool)
    /// A value made already, written as it is.
    mutating func value(_ key: String, _ value: TemplateValue)
    /// A value made once and put on many pages as it is (the site's title, the strings): an outline
    /// takes it by its identity, not by its texts, so the plan of a shape shows its texts as they are.
    mutating func shared(_ key: StaticString, _ value: SharedValue)
    /// An object under `key`, written up to the matching `end()`.
    mutating func beginObject(_ key: StaticString)
    /// A list under `key`, whose elements are written up to the matching `end()`.
    mutating func beginList(_ key: StaticString)
    /// An object as the next element of the list being written, up to the matching `end()`.
    mutating func beginElement()
    mutating func end()
}

/// A page's context, written on demand: as a tree for the renderer, as an outline to find its plan.
/// Both are written by the same code (a generic `write(into:)` of the conforming type), so they agree.
public protocol ContextSource {
    func write(into writer: inout ContextTree)
    func write(into writer: inout ContextOutline)
}

extension ContextSource {
    /// The context as a tree.
    public var tree: TemplateValue {
        var tree = ContextTree()
        write(into: &tree)
        return tree.value
    }
}

extension StaticString {
    /// The key as a String.
    var key: String { withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
}

/// A context written into a tree of `TemplateValue`s. Numbering, every text but a shared value's is
/// written as the marker of its number (`TemplatePlan.marker`) in the order it comes: rendered, that
/// tree shows where each text of the outline goes (`TemplatePlans`).
public struct ContextTree: ContextWriter {
    /// The objects and lists begun and not yet ended, the page's own object first, each with its key.
    private var open: [(key: String, value: TemplateValue)] = [("", .object(TemplateObject(capacity: 16)))]
    /// The number of the next text, when numbering.
    private(set) var numbered: Int?

    public init() {}

    init(numbering: Bool) {
        numbered = numbering ? 0 : nil
    }

    /// The context written (every object and list ended).
    public var value: TemplateValue {
        precondition(open.count == 1, "a context was written with an object or list not ended")
        return open[0].value
    }

    /// The object written so far.
    public var object: TemplateObject {
        guard case .object(let object) = value else { preconditionFailure("a context is an object") }
        return object
    }

    private mutating func put(_ key: String, _ value: TemplateValue) {
        switch open[open.count - 1].value {
        case .object(var object):
            open[open.count - 1].value = .flag(false)  // so that the object is not copied when it grows
            object.add(key, value)
            open[open.count - 1].value = .object(object)
        case .list(var list):
            open[open.count - 1].value = .flag(false)
            list.append(value)
            open[open.count - 1].value = .list(list)
        case .text, .flag:
            preconditionFailure("a value was written outside an object or list")
        }
    }

    public mutating func text(_ key: StaticString, _ text: String) {
        if let number = numbered {
            numbered = number + 1
            put(key.key, .text(TemplatePlan.marker(number)))
        } else {
            put(key.key, .text(text))
        }
    }

    public mutating func flag(_ key: StaticString, _ flag: Bool) { put(key.key, .flag(flag)) }

    public mutating func value(_ key: String, _ value: TemplateValue) {
        if var next = numbered {
            put(key, ContextShape.numbered(value, next: &next))
            numbered = next
        } else {
            put(key, value)
        }
    }

    public mutating func shared(_ key: StaticString, _ value: SharedValue) { put(key.key, value.value) }

    public mutating func beginObject(_ key: StaticString) { open.append((key.key, .object(TemplateObject()))) }
    public mutating func beginList(_ key: StaticString) { open.append((key.key, .list([]))) }
    public mutating func beginElement() { open.append(("", .object(TemplateObject()))) }

    public mutating func end() {
        precondition(open.count > 1, "end() without a begin")
        let (key, value) = open.removeLast()
        put(key, value)
    }
}

/// A context written as its outline (every key in order, where each object and list begins and ends,
/// every flag, where each text is, and each shared value's identity) and its texts in the order they
/// come. Two contexts with the same outline have the same shape (`ContextShape`), and their shared
/// values are the same values: a template renders the same bytes around their texts.
public struct ContextOutline: ContextWriter, Sendable {
    /// One step of an outline: three numbers, so that outlines are compared and dropped with no
    /// reference counting. A key of the code is known by where its text starts (a literal's text is
    /// NUL-terminated and stays put for as long as the program runs, so two texts never start at one
    /// place); a key made at run time by its number in `names`. A shared value by its identity: the
    /// outline holds the value (`shared`), so that no other value takes that identity while it is kept.
    struct Mark: Equatable {
        /// What the step is (`Kind`), with `named` when its key is made at run time.
        var kind: UInt
        /// Where the key's text starts, or the key's number in `names`; 0 for a list's element and an end.
        var key: UInt
        /// A flag's value, a shared value's identity; 0 for the rest.
        var value: UInt
    }

    enum Kind: UInt {
        case text = 1, flag, object, list, end, shared
    }

    static let named: UInt = 0x100

    private(set) var marks: [Mark] = []
    /// The keys made at run time, in order.
    private(set) var names: [String] = []
    public private(set) var texts: [String] = []
    /// The shared values written, kept so that their identity is never another value's.
    private(set) var shared: [SharedValue] = []

    /// Whether `other` is the outline of a context of the same shape, with the same shared values.
    func sameShape(as other: ContextOutline) -> Bool { marks == other.marks && names == other.names }

    public init() {
        marks.reserveCapacity(64)
        texts.reserveCapacity(48)
    }

    private mutating func mark(_ kind: Kind, _ key: StaticString, _ value: UInt = 0) {
        guard key.hasPointerRepresentation else { return mark(kind, named: key.key, value) }
        marks.append(Mark(kind: kind.rawValue, key: UInt(bitPattern: key.utf8Start), value: value))
    }

    /// A step whose key is made at run time; nil for a list's element.
    private mutating func mark(_ kind: Kind, named key: String?, _ value: UInt = 0) {
        guard let key else { return marks.append(Mark(kind: kind.rawValue, key: 0, value: value)) }
        marks.append(Mark(kind: kind.rawValue | Self.named, key: UInt(names.count), value: value))
        names.append(key)
    }

    public mutating func text(_ key: StaticString, _ text: String) {
        mark(.text, key)
        texts.append(text)
    }

    public mutating func flag(_ key: StaticString, _ flag: Bool) { mark(.flag, key, flag ? 1 : 0) }

    public mutating func value(_ key: String, _ value: TemplateValue) { walk(value, key: key) }

    /// A value's outline and texts, in `ContextShape`'s order.
    private mutating func walk(_ value: TemplateValue, key: String?) {
        switch value {
        case .text(let text):
            mark(.text, named: key)
            texts.append(text)
        case .flag(let flag): mark(.flag, named: key, flag ? 1 : 0)
        case .list(let elements):
            mark(.list, named: key)
            for element in elements { walk(element, key: nil) }
            end()
        case .object(let object):
            mark(.object, named: key)
            for entry in object.entries { walk(entry.value, key: entry.key) }
            end()
        }
    }

    public mutating func shared(_ key: StaticString, _ value: SharedValue) {
        switch value.value {
        case .object, .list:
            mark(.shared, key, UInt(bitPattern: ObjectIdentifier(value)))
            shared.append(value)
        case .text, .flag:
            // A text or a flag is written as any value: the plan keeps its text in its place.
            walk(value.value, key: key.key)
        }
    }

    public mutating func beginObject(_ key: StaticString) { mark(.object, key) }
    public mutating func beginList(_ key: StaticString) { mark(.list, key) }
    public mutating func beginElement() { mark(.object, named: nil) }
    public mutating func end() { marks.append(Mark(kind: Kind.end.rawValue, key: 0, value: 0)) }
}

/// A context made already, as a source: its entries written as they are (a context that is not an
/// object has no outline, and is rendered as it is).
public struct ContextValue: ContextSource {
    public let context: TemplateValue

    public init(_ context: TemplateValue) {
        self.context = context
    }

    public func write(into writer: inout ContextTree) { write(to: &writer) }
    public func write(into writer: inout ContextOutline) { write(to: &writer) }

    private func write<Writer: ContextWriter>(to writer: inout Writer) {
        guard case .object(let object) = context else { return }
        for entry in object.entries { writer.value(entry.key, entry.value) }
    }
}
