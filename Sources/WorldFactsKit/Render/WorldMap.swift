import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// A record page's locator map (`MapSpec`) as its template sees it: the world outline (the built-in
/// `assets/world.svg`, Natural Earth's 1:110m countries, `Tools/make-world-map`) named with the record's
/// country as its fragment, which the outline's own style highlights (`:target`); a marker at the record's
/// place, and an inset zoomed in on it; dots at the places of a list's first records. Everything is drawn
/// in the outline's view box, so a page adds only its points, once for both views (the inset is a second
/// view box on them): the outline is one file every page shares, and works from `file://` and offline as
/// any image does.
struct WorldMap {
    /// The outline's view box: equirectangular, 1000 × 500.
    static let width = 1_000.0
    static let height = 500.0
    /// The inset's view box: a sixth of the world's width, around the place.
    static let insetWidth = 60.0
    static let insetHeight = 30.0

    /// Where a place is in the view box: x = (longitude + 180) / 360 × 1000, y = (90 − latitude) / 180 × 500.
    static func point(_ place: Coordinates) -> (x: Double, y: Double) {
        ((place.longitude + 180) / 360 * width, (90 - place.latitude) / 180 * height)
    }

    /// A coordinate of the view box as the page writes it: one fraction digit, in ASCII. A tenth of the
    /// outline's unit is a twentieth of a pixel on a map 500 pixels wide: more digits are bytes on every
    /// record page that nobody sees.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let (whole, rest) = (abs(tenths) / 10, abs(tenths) % 10)
        return sign + String(whole) + (rest == 0 ? "" : "." + String(rest))
    }

    /// The inset's view box around points: at least `insetWidth` wide, twice as wide as high, with a
    /// margin, centred on them and moved inside the world where it would leave it. Its corner is in whole
    /// units, which moves the view by half a unit at most (a point stays well inside its margin): fewer
    /// bytes on every record page.
    static func inset(around points: [(x: Double, y: Double)]) -> String {
        let xs = points.map(\.x), ys = points.map(\.y)
        let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        let w = min(max(insetWidth, (maxX - minX) * 1.25, (maxY - minY) * 1.25 * 2), width)
        let h = w / 2
        let left = min(max(((minX + maxX) / 2 - w / 2).rounded(), 0), (width - w).rounded(.down))
        let top = min(max(((minY + maxY) / 2 - h / 2).rounded(), 0), (height - h).rounded(.down))
        return [left, top, w, h].map(number).joined(separator: " ")
    }

    /// The map of the record at `position`: nil when it shows nothing (no place, no country the outline
    /// draws, no dot). `outline`: the outline's path from the page, and the codes it draws.
    static func context(
        _ spec: MapSpec, of position: Int, in collection: RecordCollection, site: Site,
        outline: (path: String, regions: WorldOutline), formatter: ValueFormatter
    ) -> TemplateValue? {
        let record = collection.records[position]
        var map = TemplateObject(capacity: 5)
        var label = record.title
        var region = ""
        if let ref = spec.region, let code = WorldOutline.code(of: record, ref), outline.regions.drawn.contains(code) {
            region = "#" + code
        }
        map["src"] = .text(outline.path + region)
        var points: [(x: Double, y: Double)] = []
        if let field = spec.coordinates, case .text(let text) = record.values[field], let place = Coordinates(text) {
            let (x, y) = point(place)
            map["marker"] = ["x": .text(number(x)), "y": .text(number(y))]
            points = [(x, y)]
            label += ", " + formatter.text(record.values[field], collection.spec.fields[field])
        }
        if let list = spec.dots, let field = spec.dotsField {
            let source = site.lists[collection.number][list].spec.source
            let dots = site.lists[collection.number][list].items[position].prefix(spec.limit).compactMap { item in
                guard case .text(let text) = site.collections[source].records[item].values[field],
                    let place = Coordinates(text)
                else { return nil as (x: Double, y: Double)? }
                return point(place)
            }
            if !dots.isEmpty { map["dots"] = .list(dots.map { ["x": .text(number($0.x)), "y": .text(number($0.y))] }) }
            if points.isEmpty { points = dots }
        }
        // The inset zooms in on the marker, else on the dots.
        if !points.isEmpty { map["inset"] = ["viewBox": .text(inset(around: points))] }
        guard map["marker"] != nil || map["dots"] != nil || !region.isEmpty else { return nil }
        var text = site.config.strings.mapLabel
        if let place = text.firstRange(of: "{place}") { text.replaceSubrange(place, with: label) }
        map["label"] = .text(text)
        return .object(map)
    }
}
