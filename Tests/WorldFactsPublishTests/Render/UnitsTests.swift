import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsRender
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// A number's unit taken from another field of its record (`unit_field:`) and a second unit by a factor
/// (`also:`): on record pages, in rows and in descriptions; in a row's fingerprint; bad declarations as
/// errors at their lines.
@Suite struct UnitsTests {
    static func yaml(height: String = "unit: ft, unit_field: height_unit, also: { unit: m, factor: 0.3048, digits: 1 }")
        -> String
    {
        """
        title: Peaks
        locale: LOCALE
        records: { file: records.json, key: id, title: name, pages: peaks, description: "{name}: {height}." }
        fields:
          - { id: height, label: Height, format: decimal, digits: 0, \(height) }
          - { id: height_unit, label: Unit, format: text, show: false }
        index: { detail: height }
        """
    }

    func site(_ records: String, locale: String = "en", yaml: String = yaml()) throws -> (Site, String) {
        let folder = makeTemporaryFolder()
        try yaml.replacingOccurrences(of: "LOCALE", with: locale).write(
            toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
        try records.write(toFile: folder + "/records.json", atomically: true, encoding: .utf8)
        return (try SiteModeler().model(try ContentLoader(folder: folder).load()), folder)
    }

    @Test func aValueShowsItsRecordsUnitAndItsSecondUnit() throws {
        let (site, folder) = try site(
            #"[{"id":"a","name":"A","height":1250,"height_unit":"yd"},{"id":"b","name":"B","height":29031}]"#)
        defer { removeTemporary(folder) }
        let contexts = PageContexts(site: site, collection: 0)
        let rows = IndexRows(site: site)
        // The record's own unit where it has one, else the field's; the second unit by the factor.
        #expect(rows.row(0, 0).detail == "1,250 yd (381 m)")
        #expect(rows.row(0, 1).detail == "29,031 ft (8,848.6 m)")
        #expect(contexts.description(of: 1) == "B: 29,031 ft (8,848.6 m).")
        let page = contexts.record(1).referenceValue as! [String: Any]
        let facts = page["facts"] as! [[String: Any]]
        #expect(facts.first?["value"] as? String == "29,031 ft (8,848.6 m)")
    }

    /// Seeded heights and factors in several locales: the second value is the first times the factor, as
    /// the locale writes a number of that many digits.
    @Test func theSecondValueIsTheFactorTimesTheFirst() throws {
        var random = SplitMix(state: 0x0A15)
        for locale in ["en", "de", "ar", "hi", "fr"] {
            let factor = Double(1 + random.next() % 10_000) / 1_000
            let digits = Int(random.next() % 3)
            let height = Int(random.next() % 100_000)
            let (site, folder) = try site(
                #"[{"id":"a","name":"A","height":\#(height)}]"#, locale: locale,
                yaml: Self.yaml(height: "unit: u, also: { unit: v, factor: \(factor), digits: \(digits) }"))
            defer { removeTemporary(folder) }
            let numbers = LocaleFormats(locale: locale)
            let expected =
                numbers.format(Double(height), fractionDigits: 0) + " u ("
                + numbers.format(Double(height) * factor, fractionDigits: digits) + " v)"
            #expect(IndexRows(site: site).row(0, 0).detail == expected, "\(locale) \(height) × \(factor)")
        }
    }

    /// A row shows its unit field's value: an edit of it changes the row's fingerprint, as of the number.
    @Test func aRowsFingerprintFollowsItsUnitField() throws {
        func inputs(_ unit: String) throws -> UInt64 {
            let (site, folder) = try site(#"[{"id":"a","name":"A","height":10,"height_unit":"\#(unit)"}]"#)
            defer { removeTemporary(folder) }
            let rows = IndexRows(site: site)
            return rows.inputs(0, 0, base: rows.inputsBase(configText: site.configText))
        }
        #expect(try inputs("yd") != inputs("ft"))
        #expect(try inputs("yd") == inputs("yd"))
    }

    @Test(arguments: [
        (
            "unit_field: height_unt",
            "expected a text field of the collection, found 'height_unt'; did you mean 'height_unit'?"
        ),
        ("unit_field: height", "expected a text field of the collection, found 'height'"),
        ("also: { unit: m, factor: 0 }", "expected a number other than zero"),
        ("also: { unit: m }", "'fields[0].also.factor': missing"),
    ])
    func aBadUnitIsAnErrorAtItsLine(height: String, message: String) throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        try Self.yaml(height: height).replacingOccurrences(of: "LOCALE", with: "en").write(
            toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
        try #"[{"id":"a","name":"A","height":1}]"#.write(
            toFile: folder + "/records.json", atomically: true, encoding: .utf8)
        let text = try #require(loadProblems(folder))
        #expect(text.contains("site.yml:5:") && text.contains(message), "\(text)")
    }

    @Test func onlyANumberHasUnits() throws {
        let folder = makeTemporaryFolder()
        defer { removeTemporary(folder) }
        let yaml = Self.yaml().replacingOccurrences(of: "format: decimal, digits: 0,", with: "format: text,")
            .replacingOccurrences(of: "LOCALE", with: "en")
        try yaml.write(toFile: folder + "/site.yml", atomically: true, encoding: .utf8)
        try #"[{"id":"a","name":"A","height":"1"}]"#.write(
            toFile: folder + "/records.json", atomically: true, encoding: .utf8)
        let text = try #require(loadProblems(folder))
        #expect(text.contains("only an integer or decimal field has a unit field"), "\(text)")
    }
}
