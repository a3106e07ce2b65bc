/// Renders parsed templates over `TemplateValue`s straight into UTF-8 bytes: no dynamic casts, and
/// escaping byte by byte (so a quote followed by a combining mark is escaped too).
public struct TemplateRenderer: Sendable {
    public let templates: [String: [TemplateNode]]

    /// Templates by name, as `TemplateParser.parse` gives them.
    public init(templates: [String: [TemplateNode]]) {
        self.templates = templates
    }
    /// Partials and parents nest at most this deep; a template that includes itself forever stops here.
    static let maximumDepth = 64

    public func render(_ name: String, context: TemplateValue, sizeHint: Int = 4_096) -> [UInt8] {
        var output = Output(bytes: [])
        output.bytes.reserveCapacity(sizeHint)
        var stack = [context]
        render(templates[name] ?? [], stack: &stack, overrides: [:], depth: 0, into: &output)
        return output.bytes
    }

    /// The bytes rendered so far, and the indentation of the standalone partial being rendered, which
    /// starts every line that partial renders.
    struct Output {
        var bytes: [UInt8]
        var indentation: [UInt8] = []

        /// Called before a piece of text or a value is appended: indents it if it starts a line.
        mutating func indentIfLineStart() {
            if !indentation.isEmpty, bytes.last == UInt8(ascii: "\n") { bytes += indentation }
        }

        mutating func appendText(_ text: [UInt8]) {
            guard !text.isEmpty else { return }
            guard !indentation.isEmpty else { bytes += text; return }
            var lineStart = 0
            for (offset, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
                indentIfLineStart()
                bytes += text[lineStart...offset]
                lineStart = offset + 1
            }
            if lineStart < text.count {
                indentIfLineStart()
                bytes += text[lineStart...]
            }
        }
    }

    private func render(
        _ nodes: [TemplateNode], stack: inout [TemplateValue], overrides: [String: [TemplateNode]],
        depth: Int, into output: inout Output
    ) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.appendText(text)
            case .variable(let name, let escaped):
                guard let value = Self.lookup(name, in: stack) else { continue }
                let text: String
                switch value {
                case .text(let string): text = string
                case .flag(let flag): text = flag ? "true" : "false"
                case .list, .object: continue
                }
                guard !text.isEmpty else { continue }
                output.indentIfLineStart()
                if escaped { HTMLEscape.append(text, to: &output.bytes) } else { output.bytes += text.utf8 }
            case .section(let name, let body, let inverted):
                let value = Self.lookup(name, in: stack)
                if inverted {
                    if value?.isFalsy ?? true {
                        render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                    }
                    continue
                }
                switch value {
                case nil: continue
                case .flag(let flag):
                    if flag { render(body, stack: &stack, overrides: overrides, depth: depth, into: &output) }
                case .list(let elements):
                    for element in elements {
                        stack.append(element)
                        render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                        stack.removeLast()
                    }
                case let value?:
                    stack.append(value)
                    render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                    stack.removeLast()
                }
            case .partial(let name, let indentation, _):
                guard depth < Self.maximumDepth, let partial = templates[name] else { continue }
                nested(
                    partial, indentation: indentation, stack: &stack, overrides: overrides, depth: depth, into: &output)
            case .parent(let name, let own, let indentation, _):
                guard depth < Self.maximumDepth, let parent = templates[name] else { continue }
                // An override from further out wins over this one.
                let merged = own.merging(overrides) { _, outer in outer }
                nested(parent, indentation: indentation, stack: &stack, overrides: merged, depth: depth, into: &output)
            case .block(let name, let fallback):
                render(overrides[name] ?? fallback, stack: &stack, overrides: overrides, depth: depth, into: &output)
            }
        }
    }

    private func nested(
        _ nodes: [TemplateNode], indentation: [UInt8], stack: inout [TemplateValue],
        overrides: [String: [TemplateNode]], depth: Int, into output: inout Output
    ) {
        guard !indentation.isEmpty else {
            render(nodes, stack: &stack, overrides: overrides, depth: depth + 1, into: &output)
            return
        }
        // The partial's first line is indented even if the partial renders nothing, as swift-mustache does.
        output.indentIfLineStart()
        output.bytes += indentation
        let outer = output.indentation
        output.indentation += indentation
        render(nodes, stack: &stack, overrides: overrides, depth: depth + 1, into: &output)
        output.indentation = outer
    }

    /// `.` is the current value; `a.b` finds `a` in the innermost value that has it, then `b` in that.
    static func lookup(_ name: TemplateName, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var found: TemplateValue?
        if name.currentOnly {
            found = stack.last?.child(first)
        } else {
            for value in stack.reversed() {
                if let child = value.child(first) { found = child; break }
            }
        }
        for part in name.parts.dropFirst() {
            guard let value = found else { return nil }
            found = value.child(part)
        }
        return found
    }
}
