import ArgumentParser
import Foundation
import WorldFactsPipeline
import WorldFactsServe
import WorldFactsSupport
import WorldFactsWatch

/// `  load content          0.414 s    210 MB now    230 MB peak`: the resident memory as the step ended,
/// and the most held so far.
func statsLine(_ step: BuildStep) -> String {
    func megabytes(_ bytes: Int?) -> String {
        let text = bytes.map { String($0 / 1_048_576) } ?? "-"
        return String(repeating: " ", count: max(0, 6 - text.count)) + text + " MB"
    }
    return "  " + step.name.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
        + String(format: "%7.3f s", step.seconds)
        + "  " + megabytes(step.memory.resident) + " now  " + megabytes(step.memory.peak) + " peak"
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Prints a line at once, even when standard output is a pipe.
let printLine: @Sendable (String) -> Void = { line in
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
