import WorldFactsMustache

extension TemplateObject {
    /// An index page's section strip, and `stripStays` when it has at most one section: such a strip stays
    /// with the list it leads to on a wide screen, where a strip of many sits at the window's edge.
    mutating func setStrip(_ strip: TemplateValue) {
        self["strip"] = strip
        if case .list(let entries) = strip, entries.count <= 1 { self["stripStays"] = .flag(true) }
    }
}
