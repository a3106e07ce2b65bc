import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// Locator maps: the marker where an independent projection puts it, the inset around it, the country
/// highlighted, a list's records as dots, and each bad declaration or value an error at its place.
@Suite struct WorldMapTests {
    static func yaml(map: String = "map: { coordinates: position, region: country }", extra: String = "") -> String {
        """
        title: Places
        collections:
          - id: places
            label: Places
            file: places.json
            key: id
            title: name
            pages: places
            \(map)
            fields:
              - { id: country, label: Country, format: text }
              - { id: lat, label: Latitude, format: decimal, show: false }
              - { id: lon, label: Longitude, format: decimal, show: false }
              - { id: position, label: Position, format: coordinates, latitude: lat, longitude: lon }\(extra)
        search:
          scopes:
            - { id: name, label: Name, fields: [name] }
        """
    }

    /// The test's own projection: equirectangular on 1000 × 500, north up, the antimeridian at the edges.
    static func projected(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        (1000 * (longitude - -180) / 360, 500 * (90 - latitude) / 180)
    }

    /// The point a path of length zero draws, from its `d` on: `M439.2 120.5h0"`.
    static func point(_ d: Substring) -> (x: Double, y: Double)? {
        guard d.hasPrefix("M") else { return nil }
        let numbers = d.dropFirst().prefix { $0 != "h" }.split(separator: " ").compactMap { Double($0) }
        return numbers.count == 2 && d.dropFirst().drop { $0 != "h" }.hasPrefix("h0\"") ? (numbers[0], numbers[1]) : nil
    }

    /// A content of lands, each with a map of its towns as dots, and towns with coordinates: its site.yml.
    static func writeLands(_ folder: String) throws -> String {
        let yaml = """
            title: Places
            collections:
              - id: lands
                label: Lands
                file: lands.json
                key: code
                title: name
                pages: lands
                map: { region: code, dots: towns, limit: 2 }
                lists:
                  - { id: towns, label: Towns, from: towns, via: land, sort: size, order: descending }
                fields:
                  - { id: size, label: Size, format: integer }
              - id: towns
                label: Towns
                file: towns.json
                key: id
                title: name
                pages: towns
                fields:
                  - { id: land, label: Land, format: link, collection: lands }
                  - { id: size, label: Size, format: integer }
                  - { id: lat, label: Latitude, format: decimal }
                  - { id: lon, label: Longitude, format: decimal }
                  - { id: at, label: At, format: coordinates, latitude: lat, longitude: lon }
            search:
              scopes:
                - { id: name, label: Name, collection: lands, fields: [name] }
            """
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try yaml.write(toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
        try #"[{"code":"FR","name":"France","size":1}]"#.write(
            toFile: folder + "/lands.json", atomically: true, encoding: .utf8)
        try """
        [{"id":"a","name":"Paris","land":"FR","size":3,"lat":48.85,"lon":2.35},
         {"id":"b","name":"Lyon","land":"FR","size":2,"lat":45.76,"lon":4.84},
         {"id":"c","name":"Nice","land":"FR","size":1,"lat":43.7,"lon":7.27}]
        """.write(toFile: folder + "/towns.json", atomically: true, encoding: .utf8)
        return yaml
    }

    func build(yaml: String, records: String) throws -> (root: String, report: BuildReport) {
        let root = makeTemporaryFolder()
        try FileManager.default.createDirectory(atPath: root + "/Content", withIntermediateDirectories: true)
        try yaml.write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        try records.write(toFile: root + "/Content/places.json", atomically: true, encoding: .utf8)
        let report = try Builder().build(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        return (root, report)
    }

    func failure(yaml: String, records: String) throws -> [String] {
        do {
            let (root, _) = try build(yaml: yaml, records: records)
            removeTemporary(root)
            return []
        } catch let failure as BuildFailure {
            return failure.diagnostics.map(\.description)
        }
    }

    @Test func aThousandMarkersAreWhereTheTestsOwnProjectionPutsThem() throws {
        var random = SplitMix(state: 2026_12_04)
        // Corners, poles, the antimeridian and the prime meridian, then seeded points.
        var places: [(Double, Double)] = [
            (90, 180), (90, -180), (-90, 180), (-90, -180), (0, 180), (0, -180), (0, 0), (64.1466, -21.94),
            (-33.8688, 151.2093), (89.9999, 179.9999),
        ]
        while places.count < 1_000 {
            let latitude = (Double(random.next() % 1_800_001) / 10_000) - 90
            let longitude = (Double(random.next() % 3_600_001) / 10_000) - 180
            places.append((latitude, longitude))
        }
        let records = places.enumerated().map { number, place in
            #"{"id":"p\#(number)","name":"Place \#(number)","country":"IS","lat":\#(place.0),"lon":\#(place.1)}"#
        }
        let (root, report) = try build(yaml: Self.yaml(), records: "[" + records.joined(separator: ",\n") + "]")
        defer { removeTemporary(root) }
        #expect(report.warnings.isEmpty)
        for (number, place) in places.enumerated() {
            let html = try readText(root + "/Output/places/p\(number).html")
            let world = try #require(html.range(of: #"<svg class=map viewBox="0 0 1000 500""#)).lowerBound
            let marker = try #require(html[world...].range(of: #"<path d=""#))
            let (x, y) = Self.projected(latitude: place.0, longitude: place.1)
            let (cx, cy) = try #require(Self.point(html[marker.upperBound...]))
            #expect(
                abs(cx - x) <= 0.5 && abs(cy - y) <= 0.5, "place \(number) \(place): (\(cx), \(cy)) for (\(x), \(y))")
            // The inset holds the marker and lies in the world.
            let inset = try #require(html.range(of: #"</svg><svg viewBox=""#))
            let box = html[inset.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
            try #require(box.count == 4)
            #expect(box[0] >= 0 && box[1] >= 0 && box[0] + box[2] <= 1000.001 && box[1] + box[3] <= 500.001)
            #expect(cx >= box[0] && cx <= box[0] + box[2] && cy >= box[1] && cy <= box[1] + box[3])
            #expect(html.contains(#"world."#) && html.contains(#".svg#IS""#), "the country highlighted")
        }
    }

    @Test func aPlacesCoordinatesAreShownWithTheLocalesDigitsAndNamedInTheMapsText() throws {
        let records = #"[{"id":"r","name":"Reykjavík","country":"IS","lat":64.14657,"lon":-21.9426}]"#
        let (root, _) = try build(yaml: Self.yaml(), records: records)
        defer { removeTemporary(root) }
        let html = try readText(root + "/Output/places/r.html")
        #expect(html.contains("<td>64.15°N 21.94°W</td>"))
        #expect(html.contains(#"role=img aria-label="Map: Reykjavík, 64.15°N 21.94°W""#))
        let german = Coordinates(latitude: -33.8688, longitude: 151.2093).shown(
            numbers: LocaleFormats(locale: "de"), digits: 2)
        #expect(german == "33,87°S 151,21°E")
    }

    @Test func aListsRecordsAreDotsAndASiteWithoutMapsPublishesNoOutline() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let yaml = try Self.writeLands(root + "/Content")
        _ = try Builder().build(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        let html = try readText(root + "/Output/lands/fr.html")
        let figure = html[try #require(html.range(of: #"<svg class=map "#)).lowerBound...]
        let world = figure[..<(try #require(figure.range(of: "</svg>"))).lowerBound]
        let dots = world.components(separatedBy: #"<path class=dot d=""#).dropFirst()
        let paris = Self.projected(latitude: 48.85, longitude: 2.35)
        #expect(dots.count == 2, "the list's first two, largest first")
        let cx = try #require(dots.first.flatMap { Self.point($0[...])?.x })
        #expect(abs(cx - paris.x) <= 0.5)
        #expect(world.contains(".svg#FR\""))
        #expect(!world.contains(#"<path d="#), "no marker")
        let assets = try FileManager.default.contentsOfDirectory(atPath: root + "/Output/assets")
        #expect(assets.contains { $0.hasPrefix("world.") && $0.hasSuffix(".svg") })

        // Without `map:`, no outline is published and no page has a map.
        let plain = yaml.replacingOccurrences(of: "    map: { region: code, dots: towns, limit: 2 }\n", with: "")
        #expect(plain != yaml)
        try plain.write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        _ = try Builder().build(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
        #expect(!(try readText(root + "/Output/lands/fr.html")).contains(#"class=map "#), "no map")
        let left = try FileManager.default.contentsOfDirectory(atPath: root + "/Output/assets")
        #expect(!left.contains { $0.hasPrefix("world.") })
    }

    /// The codes of a seeded outline of paths, groups and other elements: the model is what the test wrote.
    @Test func anOutlinesCodesAreItsPathsAndItsGroups() {
        var random = SplitMix(state: 65)
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg"><style>path:target{fill:red}</style>"#
        var drawn: Set<String> = [], known: Set<String> = []
        for n in 0..<676 {
            let id = String(UnicodeScalar(UInt8(65 + n / 26))) + String(UnicodeScalar(UInt8(65 + n % 26)))
            switch random.next() % 4 {
            case 0:
                svg += #"<path id="\#(id)" d="M1 2 3 4Z"/>"#
                drawn.insert(id)
                known.insert(id)
            case 1:
                svg += #"<g id="\#(id)"/>"#
                known.insert(id)
            case 2: svg += #"<circle id="\#(id)" r="1"/>"#
            default: svg += #"<path d="M1 2 3 4Z"/><!-- id="\#(id)" -->"#
            }
        }
        let outline = WorldOutline(svg: Array((svg + "</svg>").utf8))
        #expect(outline.drawn == drawn)
        #expect(outline.known == known)
        // A theme's outline is kept while its bytes are the same, and read anew when they change.
        func theme(_ svg: String) -> Theme {
            Theme(folder: "t", templates: [:], assets: [PublishedAssets.worldOutline: Array(svg.utf8)])
        }
        #expect(WorldOutline(theme: theme(svg + "</svg>")).known == known)
        #expect(WorldOutline(theme: theme(#"<svg><path id="QQ" d="M0 0Z"/></svg>"#)).known == ["QQ"])
        #expect(WorldOutline(theme: theme(svg + "</svg>")).drawn == drawn)
        #expect(drawn.count > 100 && known.count > drawn.count + 100)
    }

    /// The built-in outline knows every country of the shipped data, draws the large ones and not the
    /// small ones; a record's map highlights only what it draws.
    @Test func theBuiltInOutlineKnowsEveryCountryAndDrawsTheLargeOnes() throws {
        let outline = WorldOutline(svg: Array(try readText(repoPath("Templates/assets/world.svg")).utf8))
        let countries =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: repoPath("Content/countries.json"))))
            as! [[String: Any]]
        let codes = countries.compactMap { $0["code"] as? String }
        #expect(codes.count > 240)
        #expect(codes.filter { !outline.known.contains($0) } == [])
        #expect(["IS", "FR", "BR", "AU", "JP"].allSatisfy(outline.drawn.contains))
        #expect(
            ["AD", "MC", "SG", "AN", "CS"].allSatisfy { outline.known.contains($0) && !outline.drawn.contains($0) })
    }

    /// A code the outline knows with no shape: the marker, no highlight, no warning. A code it does not know:
    /// the same map, and one warning for the field, naming the codes. A record with nothing to show: no map.
    @Test func aCodeTheOutlineDoesNotKnowIsOneWarningForItsField() throws {
        let places = [
            ("is", "IS"), ("ad", "ad"), ("x1", "ISL"), ("x2", "Iceland"), ("x3", "XX"), ("x4", "ISL"), ("e", ""),
        ]
        let records = places.map { id, code in
            #"{"id":"\#(id)","name":"\#(id)","country":"\#(code)","lat":10,"lon":20}"#
        }
        let (root, report) = try build(yaml: Self.yaml(), records: "[" + records.joined(separator: ",") + "]")
        defer { removeTemporary(root) }
        #expect(report.warnings.count == 1)
        let warning = try #require(report.warnings.first).description
        #expect(warning.contains("places.json:1"), "at the first record that holds one")
        #expect(warning.contains("'country'") || warning.contains("country"))
        #expect(warning.contains("3 values are ('ISL', 'Iceland', 'XX')"), "\(warning)")
        for (id, code) in places {
            let html = try readText(root + "/Output/places/\(id).html")
            #expect(html.contains(#"<svg class=map "#) && html.contains(#"<path d="M"#), "the marker: \(id)")
            #expect(html.contains(".svg#IS\"") == (code == "IS"), "the highlight: \(id)")
            #expect(!html.contains(".svg#") || code == "IS")
        }

        // A land with no shape and no towns has no map; a land with no shape and towns, its dots.
        let lands = makeTemporaryFolder()
        defer { removeTemporary(lands) }
        _ = try Self.writeLands(lands + "/Content")
        let landsJSON = [
            #"{"code":"FR","name":"France","size":1}"#, #"{"code":"AN","name":"Antilles","size":0}"#,
            #"{"code":"MC","name":"Monaco","size":0}"#,
        ]
        try ("[" + landsJSON.joined(separator: ",") + "]").write(
            toFile: lands + "/Content/lands.json", atomically: true, encoding: .utf8)
        try #"[{"id":"m","name":"Monaco","land":"MC","size":1,"lat":43.73,"lon":7.42}]"#.write(
            toFile: lands + "/Content/towns.json", atomically: true, encoding: .utf8)
        let built = try Builder().build(
            BuildOptions(content: lands + "/Content", templates: repoPath("Templates"), output: lands + "/Output"))
        #expect(built.warnings.isEmpty)
        #expect(!(try readText(lands + "/Output/lands/an.html")).contains(#"class=map "#))
        let monaco = try readText(lands + "/Output/lands/mc.html")
        #expect(monaco.contains(#"<path class=dot d="M"#) && !monaco.contains(".svg#"))
    }

    /// The warning follows the codes from build to build, in `watch` and from the snapshot: an edit of a
    /// region code models the site again (a region is no value edit), and the warning comes and goes with
    /// the code; an edit of another field keeps the last build's warning.
    @Test(arguments: [false, true]) func aRegionCodeEditedWarnsAsACleanBuildDoes(snapshots: Bool) throws {
        let record = { (id: String, code: String, lat: Int) in
            #"{"id":"\#(id)","name":"\#(id)","country":"\#(code)","lat":\#(lat),"lon":20}"#
        }
        let (root, report) = try build(
            yaml: Self.yaml(), records: "[" + record("a", "IS", 10) + "," + record("b", "FR", 11) + "]")
        defer { removeTemporary(root) }
        #expect(report.warnings.isEmpty)
        let options = BuildOptions(
            content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output",
            cache: snapshots ? root + "/Cache" : nil)
        let live = LiveBuilder()
        func rebuild(_ records: [String]) throws -> BuildReport {
            try ("[" + records.joined(separator: ",") + "]").write(
                toFile: root + "/Content/places.json", atomically: true, encoding: .utf8)
            return snapshots ? try Builder().build(options) : try live.build(options)
        }
        _ = try rebuild([record("a", "IS", 10), record("b", "FR", 11)])
        let unknown = try rebuild([record("a", "IS", 10), record("b", "XQ", 11)])
        #expect(unknown.edited == nil, "a region code edited models the site again")
        #expect(unknown.warnings.map(\.description).contains { $0.contains("'XQ' is no region code") })
        let kept = try rebuild([record("a", "IS", 12), record("b", "XQ", 11)])
        #expect(kept.edited == 1 && kept.fromSnapshot == snapshots)
        #expect(kept.warnings.map(\.description) == unknown.warnings.map(\.description))
        let known = try rebuild([record("a", "IS", 12), record("b", "FR", 11)])
        #expect(known.warnings.isEmpty)
    }

    @Test func aPlaceOutOfRangeIsAnErrorAtItsRecordAndField() throws {
        let records = """
            [{"id":"a","name":"A","country":"IS","lat":64.1,"lon":-21.9},
             {"id":"b","name":"B","country":"IS","lat":95,"lon":10},
             {"id":"c","name":"C","country":"IS","lat":10,"lon":-180.5},
             {"id":"d","name":"D","country":"IS","lat":"north","lon":10}]
            """
        let errors = try failure(yaml: Self.yaml(), records: records)
        #expect(
            errors.contains {
                $0.contains("places.json:2:") && $0.contains("record 'b', field 'lat'")
                    && $0.contains("expected a number of at least -90 and at most 90, found the number 95")
            }, "\(errors)")
        #expect(errors.contains { $0.contains("places.json:3:") && $0.contains("record 'c', field 'lon'") })
        #expect(errors.contains { $0.contains("record 'd', field 'lat'") && $0.contains(#"found the text "north""#) })
        #expect(errors.count == 3)
    }

    @Test(arguments: [
        (
            "latitude: lat, longitude: lon }", "latitude: lta, longitude: lon }",
            "fields[3].latitude': expected an integer or decimal field of the collection, found 'lta';"
                + " did you mean 'lat'?"
        ),
        (
            "latitude: lat, longitude: lon }", "latitude: country, longitude: lon }",
            "expected an integer or decimal field of the collection, found 'country'"
        ),
        (
            "map: { coordinates: position, region: country }", "map: { coordinates: positon }",
            "map.coordinates': expected a coordinates field of 'places', found 'positon'; did you mean 'position'?"
        ),
        (
            "map: { coordinates: position, region: country }", "map: { dots: towns }",
            "map.dots': expected a list of 'places', found 'towns'"
        ),
        (
            "map: { coordinates: position, region: country }", "map: { region: lat }",
            "map.region': expected the key, or a text or link field, of region codes; found the decimal field 'lat'"
        ),
        (
            "map: { coordinates: position, region: country }", "map: { limit: 3 }",
            "map': expected one of coordinates, region or dots"
        ),
        (
            "{ id: country, label: Country, format: text }",
            "{ id: country, label: Country, format: text, latitude: lat }",
            "fields[0].latitude': only a coordinates field names a latitude field; this one is 'text'"
        ),
    ])
    func aBadMapOrCoordinatesDeclarationIsAnErrorAtItsLine(_ from: String, _ to: String, _ expected: String) throws {
        let yaml = Self.yaml().replacingOccurrences(of: from, with: to)
        #expect(yaml != Self.yaml())
        let records = #"[{"id":"a","name":"A","country":"IS","lat":1,"lon":2}]"#
        let errors = try failure(yaml: yaml, records: records)
        #expect(errors.contains { $0.hasPrefix("site.yml:") || $0.contains("/site.yml:") }, "\(errors)")
        #expect(errors.contains { $0.contains(expected) }, "\(errors)")
    }
}
