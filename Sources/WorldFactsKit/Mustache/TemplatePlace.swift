/// Where a value is in a context being rendered, read without copying it: the renderer's context
/// stack and every lookup point into the context, which the render keeps alive and unchanged, rather
/// than copy values out of it, which retained and released every value passed over (two fifths of
/// rendering's time).
struct TemplatePlace {
    let value: UnsafePointer<TemplateValue>
    /// When the value is an object, its entries where they are; empty for any other value.
    let entries: UnsafeBufferPointer<TemplateObject.Entry>

    init(_ value: UnsafePointer<TemplateValue>) {
        self.value = value
        if case .object(let object) = value.pointee {
            // The object's storage belongs to the context, which outlives the render.
            entries = object.entries.withUnsafeBufferPointer { $0 }
        } else {
            entries = UnsafeBufferPointer(start: nil, count: 0)
        }
    }

    /// Where the value of `key` is, when this is an object that has it.
    func child(_ key: String) -> UnsafePointer<TemplateValue>? {
        let length = key.utf8.count
        // Lengths first: most keys passed over differ in length, and comparing those is one load, where
        // comparing the strings was a call.
        for position in entries.indices where entries[position].key.utf8.count == length && entries[position].key == key
        {
            return UnsafeRawPointer(entries.baseAddress! + position).advanced(by: Self.valueOffset)
                .assumingMemoryBound(to: TemplateValue.self)
        }
        return nil
    }

    /// Where an entry's value is in the entry: right after its key. A constant, where a `static let` of
    /// the layout's offset was checked for its first use on every lookup (`swift_once`);
    /// `TemplateRenderer.init` checks that the layout agrees.
    static var valueOffset: Int { MemoryLayout<String>.stride }
}

extension TemplateValue {
    /// The elements of a list, where they are in the context (see `TemplatePlace`); nil for any other value.
    var elementPlaces: UnsafeBufferPointer<TemplateValue>? {
        guard case .list(let elements) = self else { return nil }
        return elements.withUnsafeBufferPointer { $0 }
    }
}
