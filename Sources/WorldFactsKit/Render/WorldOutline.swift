import Synchronization
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

    /// The codes of an outline's bytes: the `id` of each `path` and each `g` tag. Read as bytes, tag by tag:
    /// the outline's paths are most of its 125 KB, and characters cost several times as much.
    public init(svg: [UInt8]) {
        var drawn: Set<String> = [], known: Set<String> = []
        let idAttribute = Array(#" id=""#.utf8)
        var at = svg.startIndex
        while let open = svg[at...].firstIndex(of: UInt8(ascii: "<")) {
            let close = svg[open...].firstIndex(of: UInt8(ascii: ">")) ?? svg.endIndex
            let tag = svg[(open + 1)..<close]
            let name = tag.prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
            let isPath = name.elementsEqual("path".utf8)
            if isPath || name.elementsEqual("g".utf8), let id = tag.firstRange(of: idAttribute) {
                let code = String(decoding: tag[id.upperBound...].prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
                known.insert(code)
                if isPath { drawn.insert(code) }
            }
            at = close
        }
        self.drawn = drawn
        self.known = known
    }

    /// The outline of a theme's assets; an empty one when the theme has none. Each language's pages and the
    /// build's warnings ask for it: the last one read is kept, and given again for the same bytes.
    public init(theme: Theme?) {
        let svg = theme?.assets[PublishedAssets.worldOutline] ?? []
        // Each build reads the theme anew, and each of its languages asks with those bytes: they are compared
        // once with `memcmp` (`==` compared the outline's 125 KB a byte at a time, for every language of
        // every build), then kept by the new storage, which the other languages' bytes share.
        if let last = Self.last.withLock({ $0 }) {
            if last.svg.isSameStorage(as: svg) {
                self = last.outline
                return
            }
            if ByteOrder.compare(last.svg, svg) == 0 {
                self = last.outline
                Self.last.withLock { $0 = (svg, last.outline) }
                return
            }
        }
        self.init(svg: svg)
        let outline = self
        Self.last.withLock { $0 = (svg, outline) }
    }

    private static let last = Mutex<(svg: [UInt8], outline: WorldOutline)?>(nil)

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
                // Most codes are written in capitals: only the others are put in capitals to be looked up.
                guard case .text(let text) = record.value(ref), !text.isEmpty, !known.contains(text),
                    !known.contains(text.uppercased()), seen.insert(text).inserted
                else { continue }
                unknown.append(text)
                if first == nil { first = record }
            }
            guard let first else { return nil }
            let named = Diagnostic.firstFew(unknown)
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
