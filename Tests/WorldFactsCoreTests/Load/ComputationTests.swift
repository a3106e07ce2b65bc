import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsTestSupport

/// Computed fields: expressions read as the test's own evaluator reads them, empty where an input is
/// missing or a division by zero, and each problem an error at its line and column with a suggestion.
@Suite struct ComputationTests {
    /// The test's own expression trees, written out and evaluated independently of the parser.
    indirect enum Expression {
        case number(Double)
        case field(Int)
        case negated(Expression)
        case operation(Expression, Character, Expression)

        func text(_ random: inout SplitMix, names: [String]) -> String {
            let space = random.next() % 3 == 0 ? " " : ""
            switch self {
            case .number(let number): return number == number.rounded() ? String(Int(number)) : String(number)
            case .field(let field): return names[field]
            case .negated(let operand): return "-" + "(" + operand.text(&random, names: names) + ")"
            case .operation(let left, let op, let right):
                return "(" + left.text(&random, names: names) + space + String(op) + space
                    + right.text(&random, names: names) + ")"
            }
        }

        func value(_ fields: [Double?]) -> Double? {
            switch self {
            case .number(let number): return number
            case .field(let field): return fields[field]
            case .negated(let operand): return operand.value(fields).map { -$0 }
            case .operation(let left, let op, let right):
                guard let a = left.value(fields), let b = right.value(fields) else { return nil }
                let result: Double
                switch op {
                case "+": result = a + b
                case "-": result = a - b
                case "*": result = a * b
                default:
                    if b == 0 { return nil }
                    result = a / b
                }
                return result.isFinite ? result : nil
            }
        }

        static func random(_ random: inout SplitMix, depth: Int, fields: Int) -> Expression {
            let pick = depth == 0 ? random.next() % 2 : random.next() % 4
            switch pick {
            case 0: return .number(Double(random.next() % 7) / (random.next() % 2 == 0 ? 1 : 4))
            case 1: return .field(Int(random.next() % UInt64(fields)))
            case 2: return .negated(Self.random(&random, depth: depth - 1, fields: fields))
            default:
                return .operation(
                    Self.random(&random, depth: depth - 1, fields: fields), Array("+-*/")[Int(random.next() % 4)],
                    Self.random(&random, depth: depth - 1, fields: fields))
            }
        }
    }

    @Test func seededExpressionsEvaluateAsTheTestsOwnEvaluator() throws {
        var random = SplitMix(state: 2026_12_04)
        let names = ["a", "b_2", "cc"]
        for _ in 0..<TestSize.scaled(full: 5_000, quick: 1_000) {
            let expression = Expression.random(&random, depth: 4, fields: names.count)
            let text = expression.text(&random, names: names)
            var parser = ComputationParser(text) { name, offset in
                names.firstIndex(of: name).map { .success($0) }
                    ?? .failure(ComputationParser.Failure(offset: offset, message: "unknown"))
            }
            let computation = try parser.parse()
            let inputs: [Double?] = names.indices.map { _ in
                random.next() % 5 == 0 ? nil : Double(Int(random.next() % 9) - 4)
            }
            let values = inputs.map { $0.map(FieldValue.decimal) ?? .missing }
            let expected = expression.value(inputs)
            let found = computation.value(values)
            #expect(
                (expected == nil && found == nil)
                    || (expected != nil && found != nil && abs(expected! - found!) < 1e-9),
                "\(text) with \(inputs): \(String(describing: found)), expected \(String(describing: expected))")
        }
    }

    static let yaml = """
        title: Lands
        records: { file: records.json, key: id, title: name, pages: lands }
        fields:
          - { id: people, label: People, format: integer }
          - { id: area, label: Area, format: decimal }
          - { id: motto, label: Motto, format: text }
          - { id: density, label: Density, compute: people / area, digits: 1 }
        search:
          scopes:
            - { id: name, label: Name, fields: [name] }
        """

    func build(_ yaml: String, _ records: String) throws -> (root: String, errors: [String]) {
        let root = makeTemporaryFolder()
        writeContent(root + "/Content", records: records, siteYAML: yaml)
        do {
            _ = try Builder().build(
                BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
            return (root, [])
        } catch {
            return (root, error.diagnostics.map { $0.description })
        }
    }

    @Test func aComputedValueIsShownAndEmptyWhereItHasNoInputOrDividesByZero() throws {
        let records = """
            [{"id":"a","name":"A","people":1000,"area":300},{"id":"b","name":"B","people":5,"area":0},
             {"id":"c","name":"C","area":2}]
            """
        let (root, errors) = try build(Self.yaml, records)
        defer { removeTemporary(root) }
        #expect(errors.isEmpty, "\(errors)")
        #expect(try readText(root + "/Output/lands/a.html").contains("<th scope=\"row\">Density</th><td>3.3</td>"))
        #expect(try readText(root + "/Output/lands/b.html").contains("<th scope=\"row\">Density</th><td>None</td>"))
        #expect(try readText(root + "/Output/lands/c.html").contains("<th scope=\"row\">Density</th><td>None</td>"))
    }

    @Test(arguments: [
        (
            "people / area", "peple / area",
            "7:45: error: field 'fields[3].compute': names no field: 'peple'; did you mean 'people'?"
        ),
        ("people / area", "people / motto", "7:54: error: field 'fields[3].compute': 'motto' is a text field"),
        (
            "people / area", "people / (area",
            "7:59: error: field 'fields[3].compute': expected ')' to close the '(' at character 10"
        ),
        (
            "people / area", "people // area",
            "7:53: error: field 'fields[3].compute': expected a number, a field or '(', found '/'"
        ),
        ("people / area", "\"people / density\"", "7:55: error: field 'fields[3].compute': 'density' is this field"),
        (
            "people / area", "people area",
            "7:52: error: field 'fields[3].compute': expected an operator (+ - * /) or the end, found 'a'"
        ),
        (
            "people / area", String(repeating: "(", count: 40) + "people" + String(repeating: ")", count: 40),
            "error: field 'fields[3].compute': nested more than 32 deep"
        ),
        (
            "people / area", Array(repeating: "people", count: 100_000).joined(separator: " + "),
            "error: field 'fields[3].compute': more than 256 operations"
        ),
        (
            "compute: people / area, digits: 1", "compute: people / area, format: text",
            "a computed field is an integer or a decimal; this one is 'text'"
        ),
    ])
    func aBadComputationIsAnErrorAtItsLineAndColumn(_ from: String, _ to: String, _ expected: String) throws {
        let yaml = Self.yaml.replacingOccurrences(of: from, with: to)
        #expect(yaml != Self.yaml)
        let (root, errors) = try build(yaml, #"[{"id":"a","name":"A","people":1,"area":2}]"#)
        defer { removeTemporary(root) }
        #expect(errors.contains { $0.contains(expected) }, "\(errors)")
    }
}
