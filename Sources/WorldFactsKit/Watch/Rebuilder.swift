import Foundation
import WorldFactsPipeline
import WorldFactsSupport

/// Builds, and builds again on every change, printing one line per build. A failing build prints its
/// errors and keeps the last good site; it never stops the loop. `watch` and `serve` both use it. The
/// last build's model stays in memory (`LiveBuilder`), so an edit to records' values makes only the
/// pages it reaches.
public struct Rebuilder: Sendable {
    public var options: BuildOptions
    public let live: LiveBuilder
    /// Where lines go (standard output, in the command line).
    public var print: @Sendable (String) -> Void
    /// When set, every build's steps are printed after its summary, a line each (`--stats`).
    public var stepLine: (@Sendable (BuildStep) -> String)?
    /// How many errors a failed build prints at most (`--max-errors`).
    public var maxErrors = DiagnosticList.defaultMaxErrors

    public init(options: BuildOptions, builder: Builder = Builder(), print: @escaping @Sendable (String) -> Void) {
        self.options = options
        live = LiveBuilder(builder: builder)
        self.print = print
    }

    /// One build; true when it succeeded.
    @discardableResult
    public func build(reason: String) -> Bool {
        do {
            let report = try live.build(options)
            for line in DiagnosticList(report.warnings, maxErrors: maxErrors).lines { print(line) }
            print("\(reason): \(report.summary)")
            if let stepLine { for step in report.steps { print(stepLine(step)) } }
            return true
        } catch {
            for line in DiagnosticList(error.diagnostics, maxErrors: maxErrors).lines { print(line) }
            print("\(reason): build failed in step '\(error.step.rawValue)'; keeping the last good site")
            return false
        }
    }

    /// Builds once (with `--clean` if asked), then on every change until cancelled.
    /// `onSuccess` runs after every good build.
    public func watch(onSuccess: @Sendable @escaping () async -> Void = {}) async {
        // The content folder's own templates folder is watched with the content.
        let folders = [options.content] + (options.templates.map { [$0] } ?? [])
        let start = SourceStamps.take(folders)
        if await buildOffThePool(reason: "build") { await onSuccess() }
        var again = self
        again.options.clean = false
        await Watcher(folders: folders).run(from: start) { [again] changed in
            let names =
                changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
            if await again.buildOffThePool(reason: "changed \(names)") { await onSuccess() }
        }
    }

    /// `build(reason:)` on a thread of its own: a build blocks while it waits for another build's lock
    /// and while it renders, and Swift's cooperative threads (one per core) must stay free for the rest,
    /// such as the preview server's requests.
    func buildOffThePool(reason: String) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: build(reason: reason)) }
        }
    }
}
