import WorldFactsModel
import WorldFactsSupport

/// Reads a computed field's `compute:` expression: numbers (`1000`, `0.5`), the names of the collection's
/// integer and decimal fields (letters, digits and `_`), `+ - * /` with the usual precedence, a leading
/// minus and parentheses. A problem gives the offset in the text where it is, for site.yml's line and
/// column. Nesting is bounded, so no expression can exhaust the stack.
struct ComputationParser {
    struct Failure: Error {
        /// In characters from the start of the expression.
        let offset: Int
        let message: String
    }

    /// Parentheses and leading minuses nested deeper than this are an error.
    static let depthLimit = 32
    /// More operations than this are an error too: a chain of them is a tree as deep as it is long, which
    /// evaluating (and freeing) walks recursively.
    static let operationLimit = 256

    private let text: [Character]
    private var position = 0
    private var depth = 0
    private var operations = 0
    /// A field's position by its name found at an offset, or what is wrong with the name.
    private let field: (String, Int) -> Result<Int, Failure>

    init(_ text: String, field: @escaping (String, Int) -> Result<Int, Failure>) {
        self.text = Array(text)
        self.field = field
    }

    /// The expression, or the first problem in it.
    mutating func parse() throws(Failure) -> Computation {
        skipSpaces()
        guard position < text.count else { throw Failure(offset: 0, message: "expected an expression, found nothing") }
        let expression = try sum()
        skipSpaces()
        if position < text.count {
            throw Failure(
                offset: position, message: "expected an operator (+ - * /) or the end, found '\(text[position])'")
        }
        return expression
    }

    private mutating func sum() throws(Failure) -> Computation {
        var left = try product()
        while let op = try take([.add, .subtract]) { left = .operation(left, op, try product()) }
        return left
    }

    private mutating func product() throws(Failure) -> Computation {
        var left = try operand()
        while let op = try take([.multiply, .divide]) { left = .operation(left, op, try operand()) }
        return left
    }

    private mutating func operand() throws(Failure) -> Computation {
        skipSpaces()
        guard position < text.count else {
            throw Failure(offset: position, message: "expected a number, a field or '(' at the end")
        }
        let start = position
        let character = text[position]
        if character == "-" || character == "(" {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.depthLimit else {
                throw Failure(offset: start, message: "nested more than \(Self.depthLimit) deep")
            }
            position += 1
            if character == "-" { return .negated(try operand()) }
            let inner = try sum()
            skipSpaces()
            guard position < text.count, text[position] == ")" else {
                throw Failure(offset: position, message: "expected ')' to close the '(' at character \(start + 1)")
            }
            position += 1
            return inner
        }
        if character.isASCII, character.isNumber || character == "." {
            while position < text.count, text[position].isASCII, text[position].isNumber || text[position] == "." {
                position += 1
            }
            let written = String(text[start..<position])
            guard let number = Double(written) else {
                throw Failure(offset: start, message: "expected a number, found '\(written)'")
            }
            return .number(number)
        }
        if Self.isNameCharacter(character) {
            while position < text.count, Self.isNameCharacter(text[position]) { position += 1 }
            switch field(String(text[start..<position]), start) {
            case .success(let field): return .field(field)
            case .failure(let failure): throw failure
            }
        }
        throw Failure(offset: start, message: "expected a number, a field or '(', found '\(character)'")
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }

    private mutating func take(_ operators: [Computation.Operator]) throws(Failure) -> Computation.Operator? {
        skipSpaces()
        guard position < text.count, let op = Computation.Operator(rawValue: text[position]), operators.contains(op)
        else { return nil }
        operations += 1
        guard operations <= Self.operationLimit else {
            throw Failure(offset: position, message: "more than \(Self.operationLimit) operations")
        }
        position += 1
        return op
    }

    private mutating func skipSpaces() {
        while position < text.count, text[position] == " " || text[position] == "\t" { position += 1 }
    }
}
