/// What a template's output can depend on in a context, apart from what its texts say: every object's
/// keys in order, every list's length, every flag, and where each text is. Mustache looks values up by
/// key, tests lists, flags and presence, and shows texts without reading them, so two contexts of one
/// shape render the same bytes around their texts (unless a standalone partial is indented: see
/// `TemplatePlans`). `ContextOutline` writes a shape down. Texts are numbered in the order a walk meets
/// them: depth first, entries in order.
enum ContextShape {
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
