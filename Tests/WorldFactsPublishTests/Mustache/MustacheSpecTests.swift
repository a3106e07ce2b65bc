import Foundation
import Testing

@testable import WorldFactsMustache
@testable import WorldFactsTestSupport

/// The Mustache specification (github.com/mustache/spec, MIT: `Tests/Fixtures/mustache-spec/`, its JSON
/// files as published) run through the engine: every case of the required sections, and of the optional
/// ones the engine takes up, gives the expected text, byte for byte, but those listed in
/// `MustacheSpecTests.departures`, each with its reason (docs/templates.md lists them too). A case that
/// passes while it is listed fails too, so the list is always what the engine does.
@Suite struct MustacheSpecTests {
    /// A spec case: its file, name, template, data, partials and expected text.
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let name: String
        let template: String
        let data: TemplateValue
        let partials: [String: String]
        let expected: String
        var testDescription: String { "\(file): \(name)" }
    }

    static let folder = repoPath("Tests/Fixtures/mustache-spec")
    /// The sections the engine takes up: the required ones, and inheritance (parents and blocks).
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"]

    /// Cases whose expected text the engine does not give, by "file: name", with why.
    static let departures: [String: String] = {
        let standalone =
            "a line that holds a parent's or a block's opening and closing tags and nothing else is not standalone:"
            + " the engine takes a line as standalone when it holds one tag"
        let reindentation = "a block's content is not reindented (the specification's optional block reindentation)"
        return [
            "~inheritance: Inherit": standalone,
            "~inheritance: Override parent with newlines": standalone,
            "~inheritance: Standalone parent": standalone,
            "~inheritance: Standalone block": standalone + "; and " + reindentation,
            "~inheritance: Block reindentation": reindentation,
            "~inheritance: Intrinsic indentation": reindentation,
            "~inheritance: Nested block reindentation": reindentation,
        ]
    }()

    static func cases() throws -> [Case] {
        try files.flatMap { file -> [Case] in
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/\(file).json"))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let tests = try #require(root["tests"] as? [[String: Any]])
            return tests.map { test in
                Case(
                    file: file, name: test["name"] as! String, template: test["template"] as! String,
                    data: value(test["data"] as Any), partials: test["partials"] as? [String: String] ?? [:],
                    expected: test["expected"] as! String)
            }
        }
    }

    /// A JSON value as a template's: numbers as their shortest text (`1.210` is "1.21"), an object's null
    /// member left out (elsewhere null is false).
    static func value(_ json: Any) -> TemplateValue {
        switch json {
        // JSON's true and false come as numbers of the type "c".
        case let number as NSNumber where String(cString: number.objCType) == "c": return .flag(number.boolValue)
        case let number as NSNumber:
            let double = number.doubleValue
            return .text(double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double))
        case let text as String: return .text(text)
        case let list as [Any]: return .list(list.map(value))
        case let object as [String: Any]:
            // A template's context has no null: a value that is not there is a key that is not there.
            return .object(
                TemplateObject(
                    object.keys.sorted().filter { !(object[$0]! is NSNull) }.map { ($0, value(object[$0]!)) }))
        default: return .flag(false)
        }
    }

    @Test func everyRequiredSectionIsThereAndOnlyInheritanceDeparts() throws {
        let cases = try Self.cases()
        #expect(Set(cases.map(\.file)) == Set(Self.files))
        #expect(cases.count > 150)
        // Every departure names a case of the specification, and one of an optional section.
        let names = Set(cases.map { "\($0.file): \($0.name)" })
        #expect(Set(Self.departures.keys).isSubset(of: names))
        #expect(Self.departures.keys.allSatisfy { $0.hasPrefix("~") })
    }

    @Test(arguments: try cases())
    func aCaseGivesTheExpectedText(_ spec: Case) throws {
        var templates = spec.partials
        templates["__test__"] = spec.template
        let output = try render(templates, "__test__", spec.data)
        if let reason = Self.departures["\(spec.file): \(spec.name)"] {
            #expect(output != spec.expected, "listed as a departure (\(reason)), but it passes")
        } else {
            #expect(output == spec.expected, "template \(spec.template.debugDescription)")
        }
    }
}
