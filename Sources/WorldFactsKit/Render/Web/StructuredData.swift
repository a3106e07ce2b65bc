import WorldFactsModel
import WorldFactsSupport

/// JSON-LD (schema.org) for the pages of a site with a base URL: a record page as its collection's
/// `structured_data` declares it, a group page as its group's type, the home page as a `WebSite`. The
/// text is safe inside a script element (`JSONText`: `<`, `>` and `&` are escaped).
struct StructuredData: Sendable {
    let site: Site
    let url: BaseURL

    /// A record's JSON-LD, or nil when its collection declares none. A link gives its target's `@id` (its
    /// page's address), a group field its group page's; `latitude` and `longitude` together give `geo`.
    func record(_ position: Int, in collection: Int) -> String? {
        let records = site.collections[collection]
        guard let spec = records.spec.structuredData else { return nil }
        let record = records.records[position]
        let address = url.address(of: records.pagePath(of: position))
        var object = JSONObject()
        object.text("@context", "https://schema.org")
        object.text("@type", spec.type)
        object.text("@id", address)
        object.text("url", address)
        object.text("name", record.title)
        var latitude: Double?, longitude: Double?
        for property in spec.properties {
            let value = record.value(property.field)
            if property.name == "latitude" || property.name == "longitude", let number = value.number {
                if property.name == "latitude" { latitude = number } else { longitude = number }
                continue
            }
            guard case .field(let field) = property.field, let raw = self.value(value, field: field, of: collection)
            else {
                if let raw = Self.plain(value) { object.raw(property.name, raw) }
                continue
            }
            object.raw(property.name, raw)
        }
        if let latitude, let longitude {
            var geo = JSONObject()
            geo.text("@type", "GeoCoordinates")
            geo.raw("latitude", Self.number(latitude))
            geo.raw("longitude", Self.number(longitude))
            object.raw("geo", geo.text)
        }
        return object.text
    }

    /// A group page's JSON-LD, or nil when its group declares no type.
    func group(_ group: Group, value: Int) -> String? {
        guard let type = group.spec.structuredDataType else { return nil }
        let address = url.address(of: group.pagePath(of: value))
        var object = JSONObject()
        object.text("@context", "https://schema.org")
        object.text("@type", type)
        object.text("@id", address)
        object.text("url", address)
        object.text("name", group.spec.title(of: group.values[value].title))
        return object.text
    }

    /// The home page's: the site as a `WebSite`.
    func home() -> String {
        var object = JSONObject()
        object.text("@context", "https://schema.org")
        object.text("@type", "WebSite")
        object.text("@id", url.text)
        object.text("url", url.text)
        object.text("name", site.config.title)
        if let description = site.config.description { object.text("description", description) }
        return object.text
    }

    /// A field's value where it names pages: a link's targets by `@id`, a group field's value by its page.
    private func value(_ value: FieldValue, field: Int, of collection: Int) -> String? {
        let spec = site.collections[collection].spec.fields[field]
        if spec.format.isLink {
            let targets = value.keys.compactMap { key in site.target(of: spec, key: key) }.map { target in
                Self.reference(url.address(of: site.pagePath(of: target)), name: site.title(of: target))
            }
            if targets.isEmpty { return nil }
            return spec.format == .link ? targets[0] : "[" + targets.joined(separator: ",") + "]"
        }
        if case .text(let text) = value, let group = site.group(collection: collection, field: field),
            let groupValue = group.value(of: text)
        {
            return Self.reference(url.address(of: group.pagePath(of: groupValue)), name: group.values[groupValue].title)
        }
        return nil
    }

    private static func reference(_ id: String, name: String) -> String {
        var object = JSONObject()
        object.text("@id", id)
        object.text("name", name)
        return object.text
    }

    /// A value as JSON: a text, a number, or a list of texts; nil when it is empty.
    static func plain(_ value: FieldValue) -> String? {
        switch value {
        case .missing: return nil
        case .text(let text): return text.trimmingWhitespace().isEmpty ? nil : JSONText.quoted(text)
        case .integer(let number): return String(number)
        case .decimal(let value): return value.isFinite ? Self.number(value) : nil
        case .list(let items):
            let shown = items.filter { !$0.trimmingWhitespace().isEmpty }
            return shown.isEmpty ? nil : "[" + shown.map(JSONText.quoted).joined(separator: ",") + "]"
        }
    }

    /// A finite number as JSON writes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

extension FieldValue {
    /// The value as a finite number, if it is one.
    var number: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .decimal(let number): return number.isFinite ? number : nil
        default: return nil
        }
    }
}

/// A JSON object written member by member, in order.
struct JSONObject {
    private var members: [String] = []

    mutating func text(_ key: String, _ value: String) { raw(key, JSONText.quoted(value)) }

    /// A member whose value is JSON text already.
    mutating func raw(_ key: String, _ json: String) { members.append(JSONText.quoted(key) + ":" + json) }

    var text: String { "{" + members.joined(separator: ",") + "}" }
}
