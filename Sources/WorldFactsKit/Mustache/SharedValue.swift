/// A value made once and put on many pages as it is (`ContextWriter.shared`): the site's values, the
/// strings, the navigation of a folder depth. A page's outline knows it by its identity, so pages that
/// share it share a plan without their outlines comparing its texts.
public final class SharedValue: Sendable {
    public let value: TemplateValue

    public init(_ value: TemplateValue) {
        self.value = value
    }
}
