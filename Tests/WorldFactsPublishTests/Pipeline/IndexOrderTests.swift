import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// An index ordered by a field (`index.sort`, `index.order`, `index.sections`): its rows, its sections,
/// its previous and next links and its downloads all follow the field, checked against a model that sorts
/// the generated records on its own.
@Suite struct IndexOrderTests {
    /// Elements of a seeded mass (some without one) and block (some without one): titles are distinct and of
    /// one case, so that the model's plain comparison of them is the collation's.
    struct Element {
        var key: String
        var name: String
        var number: Int?
        var block: String?
    }

    static func elements(seed: UInt64, count: Int) -> [Element] {
        var random = SplitMix(state: seed)
        let blocks = ["s", "p", "d", "f", "g"]
        return (0..<count).map { position in
            let number = Int.random(in: 0..<6, using: &random) == 0 ? nil : Int.random(in: -50...300, using: &random)
            let block = Int.random(in: 0..<7, using: &random) == 0 ? nil : blocks.randomElement(using: &random)!
            return Element(key: "e\(position)", name: "element \(1_000 + position)", number: number, block: block)
        }
    }

    static func json(_ elements: [Element]) -> String {
        "["
            + elements.map { element in
                var members = [#""id":"\#(element.key)""#, #""name":"\#(element.name)""#]
                if let number = element.number { members.append(#""number":\#(number)"#) }
                if let block = element.block { members.append(#""block":"\#(block)""#) }
                return "{" + members.joined(separator: ",") + "}"
            }.joined(separator: ",") + "]"
    }

    static func siteYAML(index: String) -> String {
        """
        title: Elements
        records: { file: records.json, key: id, title: name, pages: elements, downloads: [csv] }
        fields:
          - { id: number, label: Number, format: integer }
          - { id: block, label: Block }
        index:
        \(index)
        search:
          scopes:
            - { id: name, label: Name, fields: [name] }
        """
    }

    /// The keys in the order the page links their records.
    static func linkedKeys(_ html: String, folder: String = "elements/") -> [String] {
        html.matches(of: try! Regex(#"href="(?:\.\./)?"# + folder + #"([^".]+)\.html""#)).map {
            String($0.output[1].substring!)
        }
    }

    /// The model: missing values last, else by value (reversed when descending), then by title.
    static func modelOrder(_ elements: [Element], descending: Bool, value: (Element) -> String?) -> [Element] {
        elements.sorted { a, b in
            switch (value(a), value(b)) {
            case (nil, nil): return a.name < b.name
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?) where x != y:
                if let x = Double(x), let y = Double(y) { return descending ? x > y : x < y }
                return descending ? x > y : x < y
            default: return a.name < b.name
            }
        }
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func aNumberOrdersTheIndexInTheRangesNamed(seed: UInt64) throws {
        let elements = Self.elements(seed: seed, count: 60)
        for descending in [false, true] {
            let index = """
                  sort: number
                  order: \(descending ? "descending" : "ascending")
                  sections:
                    - { label: "Low", to: 0 }
                    - { label: "Middle", to: 99.5 }
                    - { label: "High" }
                """
            let (root, _) = try buildSite(
                records: Self.json(elements), siteYAML: Self.siteYAML(index: index), files: [:])
            defer { removeTemporary(root) }
            let expected = Self.modelOrder(elements, descending: descending) { $0.number.map(String.init) }
            let html = try readText(root + "/Output/index.html")
            #expect(Self.linkedKeys(html) == expected.map(\.key), "descending: \(descending)")
            // Each record under its range's heading: the headings in the records' order, each once.
            func label(_ element: Element) -> String {
                guard let number = element.number else { return "—" }
                return number <= 0 ? "Low" : Double(number) <= 99.5 ? "Middle" : "High"
            }
            var headings: [String] = []
            for element in expected where headings.last != label(element) { headings.append(label(element)) }
            let shown = html.matches(of: /class="section-header">([^<]+)</).map { String($0.output.1) }
            #expect(shown == headings)
            // Previous and next follow the index.
            for (position, element) in expected.enumerated() {
                let page = try readText(root + "/Output/elements/\(element.key).html")
                if position + 1 < expected.count {
                    #expect(page.contains(#"<a rel="next" href="../elements/\#(expected[position + 1].key).html""#))
                }
                if position > 0 {
                    #expect(page.contains(#"<a rel="prev" href="../elements/\#(expected[position - 1].key).html""#))
                }
            }
            // The download lists the records in the index's order.
            let csv = try readText(root + "/Output/data/records.csv").split(whereSeparator: \.isNewline).dropFirst()
            #expect(csv.map { String($0.prefix { $0 != "," }) } == expected.map(\.key))
        }
    }

    @Test(arguments: [21, 22] as [UInt64])
    func aTextOrdersTheIndexBySectionsOfItsInitials(seed: UInt64) throws {
        let elements = Self.elements(seed: seed, count: 50)
        let (root, _) = try buildSite(
            records: Self.json(elements), siteYAML: Self.siteYAML(index: "  sort: block\n  order: descending"),
            files: [:])
        defer { removeTemporary(root) }
        let expected = Self.modelOrder(elements, descending: true) { $0.block }
        let html = try readText(root + "/Output/index.html")
        #expect(Self.linkedKeys(html) == expected.map(\.key))
        var headings: [String] = []
        for element in expected {
            let heading = element.block.map { $0.uppercased() } ?? "—"
            if headings.last != heading { headings.append(heading) }
        }
        #expect(html.matches(of: /class="section-header">([^<]+)</).map { String($0.output.1) } == headings)
    }

    /// A number without ranges is one section, headed by the field's label; split, each range is a page.
    @Test func aSplitIndexByNumberIsAPageARange() throws {
        let elements = Self.elements(seed: 5, count: 40)
        let whole = try buildSite(
            records: Self.json(elements), siteYAML: Self.siteYAML(index: "  sort: number"), files: [:])
        defer { removeTemporary(whole.root) }
        let html = try readText(whole.root + "/Output/index.html")
        #expect(
            html.matches(of: /class="section-header">([^<]+)</).map { String($0.output.1) }
                == (elements.contains { $0.number == nil } ? ["Number", "—"] : ["Number"]))
        let split = try buildSite(
            records: Self.json(elements),
            siteYAML: Self.siteYAML(
                index: "  sort: number\n  split_above: 10\n  sections: [{ label: Low, to: 100 }, { label: High }]"),
            files: [:])
        defer { removeTemporary(split.root) }
        let expected = Self.modelOrder(elements, descending: false) { $0.number.map(String.init) }
        let low = try readText(split.root + "/Output/sections/range-1.html")
        let high = try readText(split.root + "/Output/sections/range-2.html")
        let listed =
            Self.linkedKeys(low) + Self.linkedKeys(high)
            + (elements.contains { $0.number == nil }
                ? Self.linkedKeys(try readText(split.root + "/Output/sections/no-value.html")) : [])
        #expect(listed == expected.map(\.key))
    }

    @Test func anIndexOrderThatCannotBeIsAnErrorAtItsLine() throws {
        let cases: [(index: String, line: Int, says: String)] = [
            ("  sort: mass", 7, "names no field: 'mass'"),
            ("  sort: number\n  order: upward", 8, "expected 'ascending' or 'descending'"),
            ("  sort: block\n  sections: [{ label: A, to: 1 }, { label: B }]", 8, "sorted by an integer or decimal"),
            ("  sort: number\n  sections:\n    - { label: A }\n    - { label: B }", 9, "missing; expected the section"),
            (
                "  sort: number\n  sections:\n    - { label: A, to: 5 }\n    - { label: B, to: 9 }", 10,
                "no bound on the last"
            ),
            (
                "  sort: number\n  sections:\n    - { label: A, to: 5 }\n    - { label: B, to: 5 }\n    - { label: C }",
                10, "a bound above the section before's (5)"
            ),
        ]
        for (index, line, says) in cases {
            let (_, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: Self.siteYAML(index: index))
            let errors = diagnostics.filter { $0.severity == .error }
            #expect(
                errors.contains { $0.location.line == line && $0.message.contains(says) },
                "\(index): \(errors.map { "\($0.location.line ?? 0): \($0.message)" })")
        }
    }
}

/// docs/templates.md's "A page of a collection's own", built from its site.yml and template as the docs give
/// them, over a few elements: what the docs say of the pages holds.
@Suite struct ElementPageExampleTests {
    static let elements = [
        ("H", "Hydrogen", 1, 1.008), ("He", "Helium", 2, 4.0026), ("Li", "Lithium", 3, 6.94),
        ("C", "Carbon", 6, 12.011),
        ("Na", "Sodium", 11, 22.99), ("Mn", "Manganese", 25, 54.938), ("Fe", "Iron", 26, 55.845),
        ("Co", "Cobalt", 27, 58.933), ("Kr", "Krypton", 36, 83.798), ("Ir", "Iridium", 77, 192.217),
    ]

    /// The docs' code blocks of the section: its site.yml, then its template.
    static func example() throws -> (siteYAML: String, template: String) {
        let docs = try readText(repoPath("docs/templates.md"))
        let section = try #require(docs.components(separatedBy: "## A page of a collection's own\n").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        let blocks = section.matches(of: /```(?:yaml|mustache)\n([^`]*)```/).map { String($0.output.1) }
        try #require(blocks.count == 2)
        return (blocks[0], blocks[1])
    }

    func build(_ root: String, siteYAML: String, template: String?) throws {
        let json =
            "["
            + Self.elements.map {
                #"{"symbol":"\#($0.0)","name":"\#($0.1)","number":\#($0.2),"mass":\#($0.3),"block":"s"}"#
            }
            .joined(separator: ",") + "]"
        try FileManager.default.createDirectory(atPath: root + "/Content/templates", withIntermediateDirectories: true)
        try json.write(toFile: root + "/Content/elements.json", atomically: true, encoding: .utf8)
        try siteYAML.write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        let file = root + "/Content/templates/record.elements.mustache"
        if let template {
            try template.write(toFile: file, atomically: true, encoding: .utf8)
        } else if FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
        _ = try Builder().build(BuildOptions(content: root + "/Content", output: root + "/Output"))
    }

    @Test func theElementPageExampleBuildsAsTheDocsSay() throws {
        let (siteYAML, template) = try Self.example()
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        try build(root, siteYAML: siteYAML, template: nil)
        let builtIn = try FileSystem.disk.listFiles(root + "/Output").filter { $0.hasSuffix(".html") }.sorted()
        let builtInPages = try builtIn.map { try readText(root + "/Output/" + $0) }
        try build(root, siteYAML: siteYAML, template: template)

        let iron = try readText(root + "/Output/elements/fe.html")
        #expect(iron.contains(#"<h1><span class="symbol">Fe</span> Iron</h1>"#))
        #expect(iron.contains(#"<a rel="prev" href="../elements/mn.html">Manganese</a>"#))
        #expect(iron.contains(#"<a rel="next" href="../elements/co.html">Cobalt</a>"#))
        #expect(iron.contains("<dt>Atomic mass</dt><dd>55.845"), "\(iron)")
        let index = try readText(root + "/Output/index.html")
        #expect(
            index.matches(of: /class="section-header">([^<]+)</).map { String($0.output.1) }
                == ["Period 1", "Period 2", "Period 3", "Later periods"])
        #expect(IndexOrderTests.linkedKeys(index) == Self.elements.sorted { $0.2 < $1.2 }.map { $0.0.lowercased() })
        // Every page but the elements' is the built-in set's.
        let pages = try FileSystem.disk.listFiles(root + "/Output").filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages == builtIn)
        for (path, page) in zip(builtIn, builtInPages) {
            let now = try readText(root + "/Output/" + path)
            #expect((now == page) != path.hasPrefix("elements/"), "\(path)")
        }
    }
}
