import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsMustache
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// Bar charts drawn when the pages are built (`charts:`, a group's `chart:`): the bars a model of the
/// declaration picks, drawn to scale on an axis of round numbers, mirrored right to left, their data as a
/// table; page fingerprints that follow what a chart shows; bad declarations as errors at their lines.
@Suite struct ChartTests {
    static func yaml(chart: String = "{ list: towns, value: size, limit: 3 }", group: String = "{ value: size }")
        -> String
    {
        """
        title: Places
        collections:
          - id: lands
            label: Lands
            file: lands.json
            key: code
            title: name
            pages: lands
            lists:
              - { id: towns, label: Towns, from: towns, via: land, sort: name }
            charts: [\(chart)]
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
              - { id: size, label: Size, format: decimal, digits: 1 }
              - { id: kind, label: Kind, format: text }
            groups:
              - { field: kind, pages: kinds, chart: \(group) }
        """
    }

    /// Seeded towns of one land: sizes with ties, missing and negative values, names of other scripts.
    static func writeSite(_ folder: String, seed: UInt64, towns: Int = 40, yaml: String = yaml()) throws -> [[String:
        Any]]
    {
        var random = SplitMix(state: seed)
        let names = [
            "Ålesund", "東京", "Zürich", "Αθήνα", "Québec", "القاهرة", "Kraków", "서울", "A very long town name indeed",
        ]
        var rows: [[String: Any]] = []
        for number in 0..<towns {
            var row: [String: Any] = [
                "id": "t\(number)", "name": names[Int(random.next() % UInt64(names.count))] + " \(number)", "land": "L",
                "kind": ["big", "small"][Int(random.next() % 2)],
            ]
            switch random.next() % 6 {
            case 0: break  // no size
            case 1: row["size"] = -Double(random.next() % 100)
            case 2: row["size"] = 7.5  // ties
            default: row["size"] = Double(random.next() % 1_000_000) / 10
            }
            rows.append(row)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try yaml.write(toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
        try #"[{"code":"L","name":"Land","size":1}]"#.write(
            toFile: folder + "/lands.json", atomically: true, encoding: .utf8)
        try JSONSerialization.data(withJSONObject: rows).write(to: URL(fileURLWithPath: folder + "/towns.json"))
        return rows
    }

    /// A page context's charts, as plain values.
    static func charts(_ context: TemplateValue) -> [[String: Any]] {
        (context.referenceValue as? [String: Any])?["charts"] as? [[String: Any]] ?? []
    }

    /// The model: the records with a size of at least zero, the largest first, among equals in `order`.
    static func expectedBars(_ rows: [[String: Any]], order: [String], limit: Int) -> [String] {
        let sized = order.compactMap { id -> (String, Double)? in
            guard let row = rows.first(where: { $0["id"] as? String == id }), let size = row["size"] as? Double,
                size >= 0
            else { return nil }
            return (id, size)
        }
        return Array(
            sized.enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }
                .prefix(limit).map(\.element.0))
    }

    @Test func aRecordPagesChartIsItsListsLargestToScale() throws {
        for seed in 1...TestSize.scaled(full: 60, quick: 12) {
            let folder = makeTemporaryFolder()
            defer { removeTemporary(folder) }
            let limit = 1 + Int(seed % 7)
            let rows = try Self.writeSite(
                folder, seed: UInt64(seed), yaml: Self.yaml(chart: "{ list: towns, value: size, limit: \(limit) }"))
            let site = try SiteModeler().model(try ContentLoader(folder: folder).load())
            let towns = site.collections[1]
            let listOrder = site.lists[0][0].items[0].map { towns.records[$0].key }
            let expected = Self.expectedBars(rows, order: listOrder, limit: limit)
            let chart = try #require(Self.charts(PageContexts(site: site, collection: 0).record(0)).first)
            let bars = try #require(chart["bars"] as? [[String: Any]])
            let tableTitles = try #require(chart["rows"] as? [[String: Any]]).compactMap { $0["title"] as? String }
            #expect(tableTitles == expected.map { key in towns.records.first { $0.key == key }!.title })
            #expect(bars.count == expected.count)
            // To scale: each bar's length over the axis's end is its value over the axis's end.
            let ticks = try #require(chart["ticks"] as? [[String: Any]])
            let end = try #require(
                expected.first.flatMap { key in rows.first { $0["id"] as? String == key }?["size"] as? Double })
            let (step, axisEnd) = Self.modelAxis(end)
            let tickCount = Int((axisEnd / step).rounded()) + 1
            #expect(ticks.count == tickCount && ticks.count <= 6)
            for (bar, key) in zip(bars, expected) {
                let size = rows.first { $0["id"] as? String == key }!["size"] as! Double
                let width = Double(bar["barWidth"] as! String)!
                #expect(abs(width - size / axisEnd * BarChart.barRoom) <= 0.05 + 1e-9, "\(key): \(width)")
            }
        }
    }

    /// An axis modelled apart: the smallest of 1, 2, 5 × 10ⁿ whose four steps reach a quarter of the
    /// largest value's fourfold, found by trying them in turn.
    static func modelAxis(_ largest: Double) -> (step: Double, end: Double) {
        guard largest > 0 else { return (1, 1) }
        var candidates: [Double] = []
        for exponent in -6...12 {
            for unit in [1.0, 2, 5] { candidates.append(unit * Foundation.pow(10, Double(exponent))) }
        }
        let step = candidates.sorted().first { $0 * 4 >= largest * (1 - 1e-12) }!
        return (step, (largest / step).rounded(.up) * step)
    }

    @Test func theAxisIsOfRoundSteps() {
        var random = SplitMix(state: 0xA815)
        for _ in 0..<2_000 {
            let largest = Double(random.next() % 1_000_000_000) / Foundation.pow(10, Double(random.next() % 8))
            let (step, end) = BarChart.axis(upTo: largest)
            let (modelStep, modelEnd) = Self.modelAxis(largest)
            #expect(abs(step - modelStep) <= modelStep * 1e-9 && abs(end - modelEnd) <= modelEnd * 1e-9, "\(largest)")
            #expect(end >= largest && (end / step).rounded() <= 5)
        }
    }

    @Test func aRightToLeftChartIsMirrored() throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        _ = try Self.writeSite(
            folder, seed: 7,
            yaml: Self.yaml().replacingOccurrences(of: "title: Places", with: "title: Places\nlocale: ar"))
        let site = try SiteModeler().model(try ContentLoader(folder: folder).load())
        let chart = try #require(Self.charts(PageContexts(site: site, collection: 0).record(0)).first)
        let bars = try #require(chart["bars"] as? [[String: Any]])
        #expect(!bars.isEmpty)
        for bar in bars {
            let start: Double = Double(bar["barX"] as? String ?? "") ?? -1
            let length: Double = Double(bar["barWidth"] as? String ?? "") ?? -1
            let labelX: Double = Double(bar["labelX"] as? String ?? "") ?? -1
            let end: Double = BarChart.width - BarChart.barStart
            #expect(abs(start + length - end) <= 0.1, "a bar ends where the labels start")
            #expect(bar["labelAnchor"] as? String == "start" && labelX > BarChart.width / 2)
        }
        // Its values in the locale's digits.
        let values = try #require(chart["rows"] as? [[String: Any]]).compactMap { $0["value"] as? String }
        #expect(!values.isEmpty && values.allSatisfy { $0.unicodeScalars.allSatisfy { !("0"..."9").contains($0) } })
    }

    @Test func aGroupValuesPageChartsItsRecords() throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        let rows = try Self.writeSite(folder, seed: 11)
        let site = try SiteModeler().model(try ContentLoader(folder: folder).load())
        let group = try #require(site.groups.first)
        let contexts = GroupContexts(site: site, group: group, values: SiteValues(site: site))
        for value in group.values.indices {
            let order = group.values[value].positions.map { site.collections[1].records[$0].key }
            let expected = Self.expectedBars(rows, order: order, limit: ChartSpec.defaultLimit)
            let chart = Self.charts(contexts.page(value)).first
            let table: [[String: Any]] = chart?["rows"] as? [[String: Any]] ?? []
            let titles: [String] = table.compactMap { $0["title"] as? String }
            #expect(titles == expected.map { key in site.collections[1].records.first { $0.key == key }!.title })
        }
    }

    /// A page's fingerprint changes when a bar it shows changes, and not for a record its chart leaves out.
    @Test func aPagesFingerprintFollowsItsChart() throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        var rows = try Self.writeSite(folder, seed: 3, towns: 30)
        func inputs() throws -> UInt64 {
            let site = try SiteModeler().model(try ContentLoader(folder: folder).load())
            let contexts = PageContexts(site: site, collection: 0)
            return contexts.recordInputs(0, base: contexts.recordInputsBase(templates: ""))
        }
        func write() throws {
            try JSONSerialization.data(withJSONObject: rows).write(to: URL(fileURLWithPath: folder + "/towns.json"))
        }
        let before = try inputs()
        // The smallest sized town is out of a chart of three: a change below the third bar shows nowhere.
        func size(_ row: Int) -> Double { rows[row]["size"] as? Double ?? -1 }
        let sized = rows.indices.filter { size($0) >= 0 }
        let smallest = try #require(sized.min { size($0) < size($1) })
        rows[smallest]["size"] = size(smallest) / 2
        try write()
        #expect(try inputs() == before, "a value no bar shows")
        let largest = try #require(sized.max { size($0) < size($1) })
        rows[largest]["size"] = size(largest) + 1
        try write()
        #expect(try inputs() != before, "the first bar's value")
    }

    @Test(arguments: [
        ("{ list: town, value: size }", "expected a list of 'lands', found 'town'; did you mean 'towns'?"),
        (
            "{ list: towns, value: kind }",
            "expected an integer or decimal field of 'towns', found the text field 'kind'"
        ),
        ("{ list: towns, value: sise }", "found 'sise'; did you mean 'size'?"),
        ("{ list: towns, value: size, limit: 51 }", "expected at most 50 bars, found 51"),
    ])
    func aBadChartIsAnErrorAtItsLine(chart: String, message: String) throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        _ = try Self.writeSite(folder, seed: 1, yaml: Self.yaml(chart: chart))
        let text = try #require(loadProblems(folder))
        #expect(text.contains("site.yml:11:") && text.contains(message), "\(text)")
    }

    @Test func aGroupsChartOfNoNumberFieldIsAnError() throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        _ = try Self.writeSite(folder, seed: 1, yaml: Self.yaml(group: "{ value: land }"))
        let text = try #require(loadProblems(folder))
        #expect(text.contains("site.yml:25:") && text.contains("found the link field 'land'"), "\(text)")
    }
}
