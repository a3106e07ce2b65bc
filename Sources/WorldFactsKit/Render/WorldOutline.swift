import WorldFactsModel
import WorldFactsSupport

/// The region codes of the locator maps' world outline (`assets/world.svg`, `WorldMap`): those it draws, a
/// `path` of that id, which a map names as its fragment to highlight it; and those it knows with no shape,
/// an empty `g` of that id: a country too small for 1:110m (Andorra, Malta, …), or a withdrawn code
/// (`Tools/make-world-map` writes one for every other ISO 3166-1 code). A map of a country it knows with no
/// shape shows its marker and dots, and highlights nothing. A code it does not know at all is taken for a
/// mistake, such as a field of names or of three-letter codes: one warning for the field (`warnings`).
public struct WorldOutline: Sendable {
    /// The codes a map can highlight.
    public let drawn: Set<String>
    /// Every code the outline knows, drawn or not.
    public let known: Set<String>

    /// The codes of an outline's bytes: the `id` of each `path` and each `g`.
    public init(svg: [UInt8]) {
        var drawn: Set<String> = [], known: Set<String> = []
        for element in String(decoding: svg, as: UTF8.self).split(separator: "<").dropFirst() {
            let name = element.prefix { $0.isLetter }
            guard name == "path" || name == "g", let start = element.firstRange(of: " id=\"") else { continue }
            let id = String(element[start.upperBound...].prefix { $0 != "\"" })
            known.insert(id)
            if name == "path" { drawn.insert(id) }
        }
        self.drawn = drawn
        self.known = known
    }

    /// The outline of a theme's assets; an empty one when the theme has none.
    public init(theme: Theme?) {
        self.init(svg: theme?.assets[PublishedAssets.worldOutline] ?? [])
    }

    /// A record's region code as the outline's ids are written: its value, upper-cased; nil when it has
    /// none.
    static func code(of record: Record, _ ref: SiteConfig.FieldRef) -> String? {
        guard case .text(let text) = record.value(ref), !text.isEmpty else { return nil }
        return text.uppercased()
    }

    /// The warnings of a site's maps: none on a site without one.
    public static func warnings(in site: Site, theme: Theme) -> [Diagnostic] {
        site.config.hasMaps ? WorldOutline(theme: theme).warnings(in: site) : []
    }

    /// For each collection whose maps highlight a region (`map: { region }`) and whose records hold codes
    /// the outline does not know, one warning at the first record that holds one, naming the first few.
    public func warnings(in site: Site) -> [Diagnostic] {
        site.collections.compactMap { collection in
            guard let ref = collection.spec.map?.region else { return nil }
            var unknown: [String] = []
            var seen: Set<String> = []
            var first: Record?
            for record in collection.records {
                guard case .text(let text) = record.value(ref), !text.isEmpty, !known.contains(text.uppercased()),
                    seen.insert(text).inserted
                else { continue }
                unknown.append(text)
                if first == nil { first = record }
            }
            guard let first else { return nil }
            let named = unknown.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (unknown.count > 5 ? ", …" : "")
            let field: String
            switch ref {
            case .key: field = collection.spec.records.keyField
            case .title: field = collection.spec.records.titleField
            case .field(let position): field = collection.spec.fields[position].id
            }
            return .warning(
                collection.location(of: first), record: first.key, field: field,
                "\(unknown.count == 1 ? "\(named) is" : "\(unknown.count) values are (\(named))") no region code"
                    + " the world map knows (expected an ISO 3166-1 alpha-2 code, such as IS): their maps"
                    + " highlight no country")
        }
    }
}
