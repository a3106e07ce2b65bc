import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// Groups on number fields (an element's period, its mass): a page per value, in numeric order, each
/// shown in the locale's digits and titled by the group's `title`, in every language.
@Suite struct NumberGroupsTests {
    static let siteYAML = """
        title: Elements
        languages:
          - { id: en, locale: en, label: English }
          - { id: de, locale: de, label: Deutsch }
        collections:
          - id: elements
            label: Elements
            file: records.json
            key: id
            title: name
            fields:
              - { id: period, label: Period, format: integer }
              - { id: mass, label: Mass, format: decimal, digits: 2 }
            groups:
              - { field: period, pages: periods, label: Periods, title: "Period {value}" }
              - { field: mass, pages: masses, label: Masses }
        search:
          scopes:
            - { id: name, label: Name, collection: elements, fields: [name] }
        """

    /// A whole number with its thousands grouped by `separator`: the model the pages are checked against.
    static func grouped(_ number: Int, _ separator: String) -> String {
        var digits = String(number)
        var parts: [String] = []
        while digits.count > 3 {
            parts.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + parts).joined(separator: separator)
    }

    @Test(arguments: [63, 64, 65] as [UInt64])
    func aGroupOnANumberIsInNumericOrderAndTitledInEveryLanguage(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let periods = (0..<30).map { _ in Int.random(in: 1...3_000, using: &random) }
        // Masses in hundredths: two records may share one.
        let masses = (0..<30).map { _ in Double(Int.random(in: 100...999, using: &random)) / 100 }
        let records =
            "["
            + periods.indices.map { number in
                #"{"id":"e\#(number)","name":"Element \#(number)","#
                    + #""period":\#(periods[number]),"mass":\#(masses[number])}"#
            }.joined(separator: ",") + "]"
        let (root, _) = try buildSite(
            records: records, siteYAML: Self.siteYAML,
            files: [
                "languages/de.yml": "collections:\n  elements:\n    group_titles: { period: \"Periode {value}\" }\n"
            ])
        defer { removeTemporary(root) }
        let distinct = Array(Set(periods)).sorted()
        for (folder, word, separator) in [("", "Period", ","), ("de/", "Periode", ".")] {
            let overview = try readText(root + "/Output/\(folder)periods/index.html")
            // Every value, in numeric order, each linked by its title.
            let places = try distinct.map { period in
                try #require(overview.range(of: "periods/\(period).html\""), "\(folder)\(period)").lowerBound
            }
            #expect(places == places.sorted(), "\(folder): the values in numeric order")
            for period in distinct {
                let title = "\(word) \(Self.grouped(period, separator))"
                #expect(overview.contains(">\(title)<"), "\(folder): \(title)")
                let page = try readText(root + "/Output/\(folder)periods/\(period).html")
                #expect(page.contains("<h1>\(title)</h1>") && page.contains("<title>\(title) — "))
                // Each record of the value is on its page, and no other.
                for number in periods.indices {
                    #expect(page.contains("elements/e\(number).html") == (periods[number] == period))
                }
            }
        }
        // A decimal group: its values in numeric order, named by their digits, shown with at most the field's.
        let overview = try readText(root + "/Output/masses/index.html")
        let shown = Array(Set(masses)).sorted()
        let places = try shown.map { mass in
            try #require(overview.range(of: ">" + Self.shown(mass) + "<"), "\(mass)").lowerBound
        }
        #expect(places == places.sorted())
        #expect(FileManager.default.fileExists(atPath: root + "/Output/masses/\(Self.slug(of: shown[0])).html"))
    }

    /// A mass as the pages show a decimal of two digits: at most two, trailing zeros dropped (1.20 → 1.2).
    static func shown(_ mass: Double) -> String {
        var text = String(format: "%.2f", mass)
        while text.hasSuffix("0") { text.removeLast() }
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// The file name of a mass's page: its digits as the records hold them, the point a '-'.
    static func slug(of mass: Double) -> String { String(mass).replacingOccurrences(of: ".", with: "-") }

    @Test func aNegativeValueHasAPageOfItsOwn() {
        #expect(NumberValues.slug("-2.5") == "minus-2-5")
        #expect(NumberValues.slug("2.5") == "2-5")
        #expect(NumberValues.slug("-7") == "minus-7")
    }

    /// A title without `{value}` names every page alike: an error at its line, in site.yml and in a
    /// language's file, and a language's title for a group without one is an unknown key.
    @Test func aTitleWithoutItsValueIsAnErrorAtItsLine() throws {
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.siteYAML.replacingOccurrences(of: "title: \"Period {value}\"", with: "title: Period"),
            mentions: ["site.yml:15:", "a group's title must hold '{value}', where the value goes ('Block {value}')"])
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.siteYAML,
            files: ["languages/de.yml": "collections:\n  elements:\n    group_titles: { period: Periode }\n"],
            mentions: ["languages/de.yml:3:", "a group's title must hold '{value}'"])
        try BadInputTests().expectFailureLeavesOutput(
            siteYAML: Self.siteYAML,
            files: ["languages/de.yml": "collections:\n  elements:\n    group_titles: { mass: \"Masse {value}\" }\n"],
            mentions: ["unknown key 'mass'"])
    }
}
