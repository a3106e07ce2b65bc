import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport

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
