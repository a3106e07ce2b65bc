/// What a template's output can depend on in a context, apart from what its texts say: every object's
/// keys in order, every list's length, every flag, and where each text is. Mustache looks values up by
/// key, tests lists, flags and presence, and shows texts without reading them, so two contexts of one
/// shape render the same bytes around their texts (unless a standalone partial is indented: see
/// `TemplatePlans`). Texts are numbered in the order a walk meets them: depth first, entries in order.
enum ContextShape {
    /// Whether `value` has the shape of `model`; if so, `texts` gets where each of its texts is (in the
    /// context, which outlives their use and is not changed meanwhile), in the walk's order. Compared
    /// in place: no value is copied out.
    static func collect(
        _ value: UnsafePointer<TemplateValue>, like model: UnsafePointer<TemplateValue>,
        into texts: inout [UnsafePointer<TemplateValue>]
    ) -> Bool {
        switch value.pointee {
        case .text:
            guard case .text = model.pointee else { return false }
            texts.append(value)
            return true
        case .flag(let flag):
            guard case .flag(let modelFlag) = model.pointee else { return false }
            return flag == modelFlag
        case .list(let elements):
            guard case .list(let modelElements) = model.pointee, elements.count == modelElements.count else {
                return false
            }
            return elements.withUnsafeBufferPointer { elements in
                modelElements.withUnsafeBufferPointer { modelElements in
                    for element in elements.indices
                    where !collect(
                        elements.baseAddress! + element, like: modelElements.baseAddress! + element, into: &texts)
                    {
                        return false
                    }
                    return true
                }
            }
        case .object(let object):
            guard case .object(let modelObject) = model.pointee, object.entries.count == modelObject.entries.count
            else { return false }
            return object.entries.withUnsafeBufferPointer { entries in
                modelObject.entries.withUnsafeBufferPointer { modelEntries in
                    for entry in entries.indices {
                        guard entries[entry].key == modelEntries[entry].key,
                            collect(valuePlace(entries, entry), like: valuePlace(modelEntries, entry), into: &texts)
                        else { return false }
                    }
                    return true
                }
            }
        }
    }

    /// Where an object's entry's value is (see `TemplatePlace.valueOffset`).
    private static func valuePlace(_ entries: UnsafeBufferPointer<TemplateObject.Entry>, _ entry: Int)
        -> UnsafePointer<TemplateValue>
    {
        UnsafeRawPointer(entries.baseAddress! + entry).advanced(by: TemplatePlace.valueOffset)
            .assumingMemoryBound(to: TemplateValue.self)
    }

    /// The context with each text replaced by the marker of its number (`TemplatePlan.marker`), in the
    /// walk's order: rendered, it shows where each text goes and whether it is escaped there.
    static func numbered(_ value: TemplateValue, next: inout Int) -> TemplateValue {
        switch value {
        case .text:
            defer { next += 1 }
            return .text(TemplatePlan.marker(next))
        case .flag: return value
        case .list(let elements): return .list(elements.map { numbered($0, next: &next) })
        case .object(let object):
            var numberedObject = TemplateObject(capacity: object.entries.count)
            for entry in object.entries { numberedObject.add(entry.key, numbered(entry.value, next: &next)) }
            return .object(numberedObject)
        }
    }
}
