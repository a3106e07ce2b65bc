import Foundation
import WorldFactsSupport
import WorldFactsWrite

/// What a build did, for the summary line.
public struct BuildReport: Sendable {
    public var records: Int
    public var write: WriteReport
    public var warnings: [Diagnostic]
    /// The steps that ran, in order, with their time and memory.
    public var steps: [BuildStep]
    /// In a build from the last build's model (`LiveBuilder`): how many records' values were edited,
    /// the only change it made pages for. Nil when the site was modelled from its content.
    public var edited: Int?
    /// Whether the last build's model came from its snapshot on disk (`BuildSnapshot`), not from memory.
    public var fromSnapshot = false
    /// By records file: the columns site.yml does not declare (`LoadedCollection.undeclaredColumns`), for
    /// `--stats`. Empty for a build that stopped before loading.
    public var undeclaredColumns: [(file: String, columns: [String])] = []
    /// The folder's files by kind and the bytes written of each, when the builder takes a census.
    public var census: OutputCensus?

    public init(records: Int, write: WriteReport, warnings: [Diagnostic], steps: [BuildStep], edited: Int? = nil) {
        self.records = records
        self.write = write
        self.warnings = warnings
        self.steps = steps
        self.edited = edited
    }

    public var summary: String {
        let total = steps.reduce(0) { $0 + $1.seconds }
        // Grouped as the census line's counts are: a script reads a count as digits and commas.
        return "\(Plural.count(records, "record")): \(Plural.count(write.written.count, "file")) written, "
            + "\(Plural.grouped(write.unchanged)) unchanged, \(Plural.grouped(write.removed.count)) removed in "
            + "\(String(format: "%.2f", total)) s"
            + (edited.map { count in
                let source = fromSnapshot ? "the last build's snapshot" : "the live model"
                return " (\(Plural.count(count, "record")) edited, from \(source))"
            } ?? "")
    }
}
