import ArgumentParser
import Foundation
import WorldFactsPipeline
import WorldFactsServe
import WorldFactsSupport
import WorldFactsWatch

/// A progress bar per build phase, redrawn in place at most ten times a second: only on a terminal.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private var phase: StepName?
    private var phaseStart = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    func show(_ progress: BuildProgress) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        if progress.phase != phase {
            if drawn { FileHandle.standardOutput.write(Data("\n".utf8)) }
            phase = progress.phase
            phaseStart = now
        } else if now.timeIntervalSince(lastDraw) < 0.1 && progress.done < progress.total {
            return
        }
        lastDraw = now
        drawn = true
        let width = 30
        let fraction = progress.total > 0 ? Double(progress.done) / Double(progress.total) : 0
        let filled = Int(fraction * Double(width))
        // A phase that began before its bar (the search index, the writing) says how long it has worked.
        let elapsed = max(progress.seconds ?? now.timeIntervalSince(phaseStart), 0.001)
        let rate = Int(Double(progress.done) / elapsed)
        let line =
            "\r\(progress.phase.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) ["
            + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            + "] \(progress.done)/\(progress.total)  \(rate)/s\u{1B}[K"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardOutput.write(Data("\n".utf8)) }
        drawn = false
    }
}
