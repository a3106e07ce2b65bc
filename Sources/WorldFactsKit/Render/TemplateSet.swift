import Mustache

/// The compiled Mustache templates. Parse errors name the template file, line and column.
public struct TemplateSet: Sendable {
    static let required = ["layout", "index", "record"]
    let library: MustacheLibrary
    /// Every template's name and text, for page fingerprints: editing any template renders every page.
    public let fingerprint: String

    public init(theme: Theme) throws(BuildFailure) {
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = []
        for name in Self.required where theme.templates[name] == nil {
            diagnostics.append(.error(SourceLocation(file: joinPath(theme.folder, "\(name).mustache")), "missing template"))
        }
        for (name, text) in theme.templates.sorted(by: { $0.key < $1.key }) {
            for (variable, line) in TemplateVocabulary.variables(in: text) where !TemplateVocabulary.names.contains(variable) {
                diagnostics.append(.error(
                    SourceLocation(file: joinPath(theme.folder, "\(name).mustache"), line: line),
                    "template names '\(variable)', which no page provides (see Render/TemplateVocabulary.swift for the names)"))
            }
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(.error(
                    SourceLocation(file: joinPath(theme.folder, "\(name).mustache"), line: error.context.lineNumber, column: error.context.columnNumber),
                    "template syntax error: \(Self.explain(error.error)) in “\(error.context.line.trimmingWhitespace())”"))
            } catch {
                diagnostics.append(.error(SourceLocation(file: joinPath(theme.folder, "\(name).mustache")), "template syntax error: \(error)"))
            }
        }
        if !diagnostics.isEmpty { throw BuildFailure(step: "templates", diagnostics: diagnostics) }
        self.library = library
        var all = ContextFingerprint()
        all.add(value: theme.templates)
        fingerprint = all.value
    }

    static func explain(_ error: Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: return "a section is closed with another name than it was opened with"
        case .unfinishedName: return "a tag is not closed with }}"
        case .expectedSectionEnd: return "a section is opened but never closed"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        default: return "\(error)"
        }
    }

    public func has(_ name: String) -> Bool { library.getTemplate(named: name) != nil }

    public func render(_ context: [String: Any], with name: String) -> String {
        library.render(context, withTemplate: name) ?? ""
    }
}
