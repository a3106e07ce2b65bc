import ArgumentParser
import Foundation
import WorldFactsPipeline
import WorldFactsSupport
import WorldFactsWatch
import WorldFactsServe

@main
struct WorldFacts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worldfacts",
        abstract: "Publish a browsable fact site from records, Markdown notes and Mustache templates.",
        subcommands: [Build.self, Watch.self, Serve.self],
        defaultSubcommand: Build.self
    )
}

/// The folders and safety flags every subcommand shares.
struct Folders: ParsableArguments {
    @Option(help: "Folder with site.yml, the records file and notes.") var content = "Content"
    @Option(help: "Folder with the Mustache templates and assets/.") var templates = "Templates"
    @Option(help: "Folder the site is written into.") var output = "Output"
    @Flag(help: "Write into a non-empty folder that no worldfacts build made.") var force = false
    @Flag(help: "Remove the files of the previous build first, then build from nothing.") var clean = false

    var options: BuildOptions {
        BuildOptions(content: content, templates: templates, output: output, force: force, clean: clean)
    }
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site from a content folder into an output folder.")

    @OptionGroup var folders: Folders
    @Flag(help: "Print only errors.") var quiet = false
    @Flag(help: "Print the time and memory of each build step.") var stats = false

    func run() throws {
        let bar = !quiet && isatty(STDOUT_FILENO) == 1 ? ProgressBar() : nil
        var progress: (@Sendable (BuildProgress) -> Void)?
        if let bar { progress = { bar.show($0) } }
        do {
            let report = try Builder(progress: progress).build(folders.options)
            bar?.finish()
            if !quiet {
                for warning in report.warnings { printError(warning.description) }
                print(report.summary)
            }
            if stats {
                for step in report.steps { print(statsLine(step)) }
            }
        } catch {
            bar?.finish()
            for diagnostic in error.diagnostics where !(quiet && diagnostic.severity == .warning) {
                printError(diagnostic.description)
            }
            printError("worldfacts: build failed in step '\(error.step.rawValue)'; \(folders.output) was left as it was")
            throw ExitCode.failure
        }
    }
}

/// `  load content          0.414 s    210 MB now    230 MB peak`: the resident memory as the step ended,
/// and the most held so far.
func statsLine(_ step: BuildStep) -> String {
    func megabytes(_ bytes: Int?) -> String {
        let text = bytes.map { String($0 / 1_048_576) } ?? "-"
        return String(repeating: " ", count: max(0, 6 - text.count)) + text + " MB"
    }
    return "  " + step.name.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: "%7.3f s", step.seconds)
        + "  " + megabytes(step.memory.resident) + " now  " + megabytes(step.memory.peak) + " peak"
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Prints a line at once, even when standard output is a pipe.
let printLine: @Sendable (String) -> Void = { line in
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build, then rebuild on every change under the content and templates folders.")

    @OptionGroup var folders: Folders

    func run() async throws {
        await Rebuilder(options: folders.options, print: printLine).watch()
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch, and serve the output folder on 127.0.0.1 with live reload.")

    @OptionGroup var folders: Folders
    @Option(help: "Port on 127.0.0.1 (0 picks a free one).") var port = 8000

    func run() async throws {
        try await PreviewServer(rebuilder: Rebuilder(options: folders.options, print: printLine), port: port).run()
    }
}

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
        let line = "\r\(progress.phase.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) ["
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
