/// How a record page describes itself to link previews and search engines (`collections[].description`):
/// a field's value, or a text with fields' values in braces (`{name} is a city in {country}.`). Without
/// one, a page's description is the first paragraph of its note.
public struct PageDescription: Sendable {
    public enum Part: Sendable {
        case text(String)
        case field(SiteConfig.FieldRef)
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }
}

/// The schema.org description of a collection's record pages as JSON-LD (`collections[].structured_data`):
/// a type, and properties whose values are fields. A link field gives its target's `@id`; properties
/// named `latitude` and `longitude` together give `geo`.
public struct StructuredDataSpec: Sendable {
    /// The schema.org type (`Country`); not checked against schema.org.
    public var type: String
    /// Each property's name and the field it is read from, in the order site.yml gives them.
    public var properties: [Property]

    public struct Property: Sendable {
        public var name: String
        public var field: SiteConfig.FieldRef

        public init(name: String, field: SiteConfig.FieldRef) {
            self.name = name
            self.field = field
        }
    }

    public init(type: String, properties: [Property] = []) {
        self.type = type
        self.properties = properties
    }
}
