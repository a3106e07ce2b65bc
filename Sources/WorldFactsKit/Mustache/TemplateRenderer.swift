import WorldFactsSupport

/// Renders parsed templates over `TemplateValue`s straight into UTF-8 bytes: no dynamic casts, and
/// escaping byte by byte (so a quote followed by a combining mark is escaped too).
public struct TemplateRenderer: Sendable {
    public let templates: [String: [TemplateNode]]
    let program: TemplateProgram

    /// Templates by name, as `TemplateParser.parse` gives them.
    public init(templates: [String: [TemplateNode]]) {
        self.templates = templates
        program = TemplateProgram(templates)
    }
    /// Whether a standalone partial or parent is indented: then every line it renders is, so where
    /// lines start in a value changes the bytes around it (`TemplatePlans` makes no plans then).
    public var indentsIncludes: Bool { !program.plans.canPlan }

    /// `render`, from a plan of the context's shape (`TemplatePlans`): for the many pages of a template
    /// that share a few shapes, as a collection's record pages do.
    public func renderPlanned(_ name: String, source: some ContextSource, sizeHint: Int = 4_096) -> [UInt8] {
        program.plans.render(name, source: source, sizeHint: sizeHint, with: self)
    }

    /// `renderPlanned` of a context made already (one that is not an object is rendered as it is).
    public func renderPlanned(_ name: String, context: TemplateValue, sizeHint: Int = 4_096) -> [UInt8] {
        guard case .object = context else { return render(name, context: context, sizeHint: sizeHint) }
        return renderPlanned(name, source: ContextValue(context), sizeHint: sizeHint)
    }

    /// The plans `renderPlanned` keeps.
    var plans: TemplatePlans { program.plans }

    /// Partials and parents nest at most this deep; a template that includes itself forever stops here.
    static let maximumDepth = 64

    public func render(_ name: String, context: TemplateValue, sizeHint: Int = 4_096) -> [UInt8] {
        run(name, context: context, sizeHint: sizeHint, marking: false).bytes
    }

    /// `render`, with where each marked element of a list (`ElementMark`) went, in the order rendered.
    public func renderMarking(_ name: String, context: TemplateValue) -> (bytes: [UInt8], marks: [ElementMark.Found]) {
        let output = run(name, context: context, sizeHint: 4_096, marking: true)
        return (output.bytes, output.marks ?? [])
    }

    private func run(_ name: String, context: TemplateValue, sizeHint: Int, marking: Bool) -> Output {
        var output = Output(bytes: [], marks: marking ? [] : nil)
        output.bytes.reserveCapacity(sizeHint)
        guard let body = program.templates[name] else { return output }
        var stack = [context]
        Run(program: program).render(body, stack: &stack, overrides: [], depth: 0, into: &output)
        return output
    }

    /// The bytes rendered so far, and the indentation of the standalone partial being rendered, which
    /// starts every line that partial renders.
    struct Output {
        var bytes: [UInt8]
        /// Where marked elements went, when the render looks for them (`renderMarking`).
        var marks: [ElementMark.Found]?
        var indentation: [UInt8] = []

        /// Called before a piece of text or a value is appended: indents it if it starts a line.
        mutating func indentIfLineStart() {
            if !indentation.isEmpty, bytes.last == UInt8(ascii: "\n") { bytes += indentation }
        }

        mutating func appendText(_ range: Range<Int>, of text: [UInt8]) {
            guard !range.isEmpty else { return }
            guard !indentation.isEmpty else { return UTF8Runs.append(text, range, to: &bytes) }
            var lineStart = range.lowerBound
            for offset in range where text[offset] == UInt8(ascii: "\n") {
                indentIfLineStart()
                UTF8Runs.append(text, lineStart..<offset + 1, to: &bytes)
                lineStart = offset + 1
            }
            if lineStart < range.upperBound {
                indentIfLineStart()
                UTF8Runs.append(text, lineStart..<range.upperBound, to: &bytes)
            }
        }
    }

    /// One render's walk over the program. The context stack holds the values a section opened, innermost
    /// last; each is the context's own value (a copy shares its storage), so a lookup copies no object.
    private struct Run {
        let program: TemplateProgram

        func bytes(_ start: Int32, _ count: Int32) -> ArraySlice<UInt8> {
            program.text[Int(start)..<Int(start + count)]
        }

        func render(
            _ body: Range<Int32>, stack: inout [TemplateValue], overrides: [TemplateProgram.Override], depth: Int,
            into output: inout Output
        ) {
            var at = Int(body.lowerBound)
            let end = Int(body.upperBound)
            while at < end {
                let instruction = program.instructions[at]
                let next = Int(instruction.end)
                defer { at = next }
                switch instruction.kind {
                case .text:
                    output.appendText(Int(instruction.a)..<Int(instruction.a + instruction.b), of: program.text)
                case .variable:
                    if let key = program.keys[Int(instruction.a)] {
                        Self.append(key, in: stack, escaped: instruction.flag, to: &output)
                        continue
                    }
                    guard let value = lookup(instruction.a, in: stack) else { continue }
                    Self.append(value, escaped: instruction.flag, to: &output)
                case .section:
                    let value = lookup(instruction.a, in: stack)
                    let inner = Int32(at + 1)..<instruction.end
                    if instruction.flag {
                        if value?.isFalsy ?? true {
                            render(inner, stack: &stack, overrides: overrides, depth: depth, into: &output)
                        }
                        continue
                    }
                    guard let value else { continue }
                    if case .list(let elements) = value {
                        for element in elements {
                            let start = output.bytes.count
                            stack.append(element)
                            render(inner, stack: &stack, overrides: overrides, depth: depth, into: &output)
                            stack.removeLast()
                            if output.marks != nil, let place = ElementMark.place(of: element) {
                                output.marks?.append(ElementMark.Found(place: place, range: start..<output.bytes.count))
                            }
                        }
                    } else if !value.isFalsy {
                        stack.append(value)
                        render(inner, stack: &stack, overrides: overrides, depth: depth, into: &output)
                        stack.removeLast()
                    }
                case .partial:
                    guard depth < TemplateRenderer.maximumDepth, instruction.a >= 0 else { continue }
                    nested(
                        program.templateBodies[Int(instruction.a)], indentation: bytes(instruction.c, instruction.d),
                        stack: &stack, overrides: overrides, depth: depth, into: &output)
                case .parent:
                    guard depth < TemplateRenderer.maximumDepth, instruction.a >= 0 else { continue }
                    // An override from further out wins over this one: the outer ones come first.
                    let merged = overrides + program.overrides[Int(instruction.b)]
                    nested(
                        program.templateBodies[Int(instruction.a)], indentation: bytes(instruction.c, instruction.d),
                        stack: &stack, overrides: merged, depth: depth, into: &output)
                case .block:
                    let body =
                        overrides.first(where: { $0.block == instruction.a })?.body ?? Int32(at + 1)..<instruction.end
                    render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                }
            }
        }

        /// `{{key}}`: the text of the innermost value that has `key`.
        static func append(_ key: String, in stack: [TemplateValue], escaped: Bool, to output: inout Output) {
            for position in stack.indices.reversed() {
                if let value = stack[position].child(key) {
                    return append(value, escaped: escaped, to: &output)
                }
            }
        }

        /// A variable's value: its text (a flag's is "true" or "false"; a list or an object shows nothing).
        static func append(_ value: TemplateValue, escaped: Bool, to output: inout Output) {
            switch value {
            case .text(let text):
                guard !text.isEmpty else { return }
                output.indentIfLineStart()
                HTMLEscape.append(text, escaped: escaped, to: &output.bytes)
            case .flag(let flag):
                output.indentIfLineStart()
                output.bytes += (flag ? "true" : "false").utf8
            case .list, .object: break
            }
        }

        /// The name numbered `number`: `.` is the current value; `a.b` finds `a` in the innermost value that
        /// has it, then `b` in that. The name's parts are read where they are in the program.
        func lookup(_ number: Int32, in stack: [TemplateValue]) -> TemplateValue? {
            let name = program.names[Int(number)]
            guard let first = name.parts.first else { return stack.last }
            var found: TemplateValue?
            if name.currentOnly {
                found = stack.last?.child(first)
            } else {
                for position in stack.indices.reversed() {
                    if let child = stack[position].child(first) { found = child; break }
                }
            }
            for part in name.parts.dropFirst() {
                guard let value = found else { return nil }
                found = value.child(part)
            }
            return found
        }

        func nested(
            _ body: Range<Int32>, indentation: ArraySlice<UInt8>, stack: inout [TemplateValue],
            overrides: [TemplateProgram.Override], depth: Int, into output: inout Output
        ) {
            guard !indentation.isEmpty else {
                render(body, stack: &stack, overrides: overrides, depth: depth + 1, into: &output)
                return
            }
            // The partial's first line is indented even if the partial renders nothing, as swift-mustache does.
            output.indentIfLineStart()
            output.bytes += indentation
            let outer = output.indentation
            output.indentation += indentation
            render(body, stack: &stack, overrides: overrides, depth: depth + 1, into: &output)
            output.indentation = outer
        }
    }

}
