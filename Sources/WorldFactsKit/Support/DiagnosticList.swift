/// The lines a person reads for a build's diagnostics: in file, line and column order; the same problem
/// across many records cut to its first `sameShown`, then "and 5,117 more like it"; at most `maxErrors`
/// errors in all; and a closing total ("2 errors, 216 warnings"). Pure: diagnostics in, lines out.
public struct DiagnosticList: Sendable {
    public var diagnostics: [Diagnostic]
    /// How many errors are printed at most (`--max-errors`); the rest are counted.
    public var maxErrors: Int
    /// How many of one problem are printed before the rest are counted.
    public var sameShown = 10

    public static let defaultMaxErrors = 50

    public init(_ diagnostics: [Diagnostic], maxErrors: Int = defaultMaxErrors) {
        self.diagnostics = diagnostics
        self.maxErrors = maxErrors
    }

    public var errorCount: Int { diagnostics.lazy.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.count - errorCount }

    /// The diagnostics in file order: by file, then line, then column; those without a line first in
    /// their file, each kind of problem in the order it was found.
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            if x.file != y.file { return x.file < y.file }
            if (x.line ?? 0) != (y.line ?? 0) { return (x.line ?? 0) < (y.line ?? 0) }
            if (x.column ?? 0) != (y.column ?? 0) { return (x.column ?? 0) < (y.column ?? 0) }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Every line to print, the total last (none when there is nothing to say).
    public var lines: [String] {
        var lines: [String] = []
        var shownOf: [Kind: Int] = [:]
        var moreOf: [Kind: (count: Int, first: Diagnostic)] = [:]
        var kinds: [Kind] = []
        var errorsShown = 0, errorsLeft = 0
        for diagnostic in sorted {
            let kind = Kind(diagnostic)
            if shownOf[kind] == nil { kinds.append(kind) }
            let shown = shownOf[kind, default: 0]
            if shown >= sameShown {
                moreOf[kind, default: (0, diagnostic)].count += 1
                continue
            }
            if diagnostic.severity == .error {
                guard errorsShown < maxErrors else {
                    errorsLeft += 1
                    continue
                }
                errorsShown += 1
            }
            shownOf[kind] = shown + 1
            lines.append(diagnostic.description)
        }
        for kind in kinds {
            guard let more = moreOf[kind] else { continue }
            let what = more.first.severity.rawValue
            lines.append(
                "\(more.first.location.file): \(what): and \(Self.grouped(more.count)) more like it: "
                    + (more.first.field.map { "field '\($0)': " } ?? "") + kind.message)
        }
        if errorsLeft > 0 {
            lines.append(
                "worldfacts: \(Plural.grouped(errorsLeft)) more \(errorsLeft == 1 ? "error" : "errors") not shown"
                    + " (--max-errors \(maxErrors))")
        }
        if !diagnostics.isEmpty { lines.append(total) }
        return lines
    }

    /// "2 errors, 216 warnings", "1 warning".
    public var total: String {
        var parts: [String] = []
        if errorCount > 0 { parts.append(Plural.count(errorCount, "error")) }
        if warningCount > 0 { parts.append(Plural.count(warningCount, "warning")) }
        return parts.joined(separator: ", ")
    }

    /// What makes two diagnostics the same problem: severity, file, field, and the message with the
    /// values that differ from record to record (quoted texts and numbers) taken out.
    struct Kind: Hashable {
        let severity: Diagnostic.Severity
        let file: String
        let field: String?
        let message: String

        init(_ diagnostic: Diagnostic) {
            severity = diagnostic.severity
            file = diagnostic.location.file
            field = diagnostic.field
            message = Self.shape(of: diagnostic.message)
        }

        /// The message with each quoted text as `"…"` and each number as `N`.
        static func shape(of message: String) -> String {
            let characters = Array(message)
            var shape = "", inQuote = false, inNumber = false
            for (index, character) in characters.enumerated() {
                if character == "\"" {
                    if !inQuote { shape += "\"…\"" }
                    inQuote.toggle()
                    continue
                }
                if inQuote { continue }
                if character.isNumber {
                    if !inNumber { shape += "N" }
                    inNumber = true
                    continue
                }
                // A separator inside a number (5,117 or 0.5) is part of it.
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                if inNumber && (character == "," || character == ".") && next.isNumber { continue }
                inNumber = false
                shape.append(character)
            }
            return shape
        }
    }

    /// A count with its thousands grouped: 5,117.
    static func grouped(_ count: Int) -> String { Plural.grouped(count) }
}

/// A count and a noun, in the singular for one: "1 record", "2 records", "5,117 errors". English: the
/// command line's language.
public enum Plural {
    /// `plural` defaults to the noun with an "s".
    public static func count(_ count: Int, _ noun: String, _ plural: String? = nil, grouped: Bool = true) -> String {
        "\(grouped ? Self.grouped(count) : String(count)) \(count == 1 ? noun : plural ?? noun + "s")"
    }

    /// Thousands grouped with commas: 5117 → "5,117".
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (count < 0 ? "-" : "") + out
    }
}
