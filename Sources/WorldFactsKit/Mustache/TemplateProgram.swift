/// Parsed templates flattened into one array of plain instructions, with every template's text in one
/// byte array. Rendering walks it by index: no node is copied, so no reference count is touched, which
/// is where rendering the node tree spent a third of its time (and both cores contended for the same
/// shared nodes' counts).
///
/// A section's or a block's body follows its instruction, and so do a parent's overrides; each
/// instruction says where the next one is (`end`).
final class TemplateProgram: Sendable {
    enum Kind: UInt8 {
        /// `text[a..<a+b]`.
        case text
        /// The name `a`, escaped when `flag` is set.
        case variable
        /// The name `a`, with the body that follows it; inverted when `flag` is set.
        case section
        /// Template `a` (-1: none of that name), indented by `text[c..<c+d]`.
        case partial
        /// Template `a` (-1: none), with the overrides `b` (`overrides[b]`, whose bodies follow this
        /// instruction), indented by `text[c..<c+d]`.
        case parent
        /// The block named `a` (in `blockNames`), with the default body that follows it.
        case block
    }

    struct Instruction {
        var kind: Kind
        var flag = false
        var a: Int32 = 0
        var b: Int32 = 0
        var c: Int32 = 0
        var d: Int32 = 0
        /// Where the instruction after this one (and every body it holds) is.
        var end: Int32 = 0
    }

    /// A block override of a parent: the block's name (in `blockNames`) and its body.
    struct Override {
        var block: Int32
        var body: Range<Int32>
    }

    let instructions: [Instruction]
    let text: [UInt8]
    let names: [TemplateName]
    /// By name number: the one key of a name that is one key looked up the context stack (`{{a}}`,
    /// most names), which a variable is rendered from in place.
    let keys: [String?]
    let blockNames: [String]
    let overrides: [[Override]]
    /// Each template's instructions, by name.
    let templates: [String: Range<Int32>]
    /// The templates in name order: a partial or parent instruction's `a`.
    let templateBodies: [Range<Int32>]
    /// The plans of pages rendered from them (`TemplateRenderer.renderPlanned`).
    let plans: TemplatePlans

    init(_ parsed: [String: [TemplateNode]]) {
        var compiler = Compiler(templateNames: parsed.keys.sorted())
        var bodies: [Range<Int32>] = []
        var byName: [String: Range<Int32>] = [:]
        for name in parsed.keys.sorted() {
            let start = Int32(compiler.instructions.count)
            compiler.compile(parsed[name]!)
            bodies.append(start..<Int32(compiler.instructions.count))
            byName[name] = bodies.last!
        }
        instructions = compiler.instructions
        text = compiler.text
        names = compiler.names
        keys = compiler.names.map { $0.parts.count == 1 && !$0.currentOnly ? $0.parts[0] : nil }
        blockNames = compiler.blockNames
        overrides = compiler.overrides
        templates = byName
        templateBodies = bodies
        plans = TemplatePlans(
            canPlan: !compiler.instructions.contains { ($0.kind == .partial || $0.kind == .parent) && $0.d > 0 })
    }

    private struct Compiler {
        let templateNumbers: [String: Int32]
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var names: [TemplateName] = []
        var nameNumbers: [TemplateName: Int32] = [:]
        var blockNames: [String] = []
        var blockNumbers: [String: Int32] = [:]
        var overrides: [[Override]] = []

        init(templateNames: [String]) {
            var numbers: [String: Int32] = [:]
            for (number, name) in templateNames.enumerated() { numbers[name] = Int32(number) }
            templateNumbers = numbers
        }

        mutating func compile(_ nodes: [TemplateNode]) {
            for node in nodes {
                let at = instructions.count
                switch node {
                case .text(let bytes):
                    guard !bytes.isEmpty else { continue }
                    let (start, count) = store(bytes)
                    instructions.append(Instruction(kind: .text, a: start, b: count))
                case .variable(let name, let escaped):
                    instructions.append(Instruction(kind: .variable, flag: escaped, a: number(of: name)))
                case .section(let name, let body, let inverted):
                    instructions.append(Instruction(kind: .section, flag: inverted, a: number(of: name)))
                    compile(body)
                case .partial(let name, let indentation, _, _):
                    let (start, count) = store(indentation)
                    instructions.append(
                        Instruction(kind: .partial, a: templateNumbers[name] ?? -1, c: start, d: count))
                case .parent(let name, let own, let indentation, _, _):
                    let (start, count) = store(indentation)
                    instructions.append(
                        Instruction(
                            kind: .parent, a: templateNumbers[name] ?? -1, b: Int32(overrides.count), c: start,
                            d: count))
                    overrides.append([])
                    var compiled: [Override] = []
                    for block in own.keys.sorted() {
                        let bodyStart = Int32(instructions.count)
                        compile(own[block]!)
                        compiled.append(
                            Override(block: blockNumber(block), body: bodyStart..<Int32(instructions.count)))
                    }
                    overrides[Int(instructions[at].b)] = compiled
                case .block(let name, let fallback):
                    instructions.append(Instruction(kind: .block, a: blockNumber(name)))
                    compile(fallback)
                }
                instructions[at].end = Int32(instructions.count)
            }
        }

        mutating func store(_ bytes: [UInt8]) -> (Int32, Int32) {
            let start = Int32(text.count)
            text += bytes
            return (start, Int32(bytes.count))
        }

        mutating func number(of name: TemplateName) -> Int32 {
            var key = name
            key.line = 0
            if let number = nameNumbers[key] { return number }
            names.append(key)
            nameNumbers[key] = Int32(names.count - 1)
            return Int32(names.count - 1)
        }

        mutating func blockNumber(_ name: String) -> Int32 {
            if let number = blockNumbers[name] { return number }
            blockNames.append(name)
            blockNumbers[name] = Int32(blockNames.count - 1)
            return Int32(blockNames.count - 1)
        }
    }
}
