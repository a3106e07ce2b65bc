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

    public var summary: String {
        let total = steps.reduce(0) { $0 + $1.seconds }
        return "\(records) records: \(write.written.count) files written, \(write.unchanged) unchanged, "
            + "\(write.removed.count) removed in \(String(format: "%.2f", total)) s"
    }
}
