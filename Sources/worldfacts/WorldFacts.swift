import ArgumentParser
import Foundation
import WorldFactsKit
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
    @Flag(help: "Print the time of each build step.") var stats = false

    func run() throws {
        do {
            let report = try Builder().build(folders.options)
            if !quiet {
                for warning in report.warnings { printError(warning.description) }
                print(report.summary)
            }
            if stats {
                for (step, seconds) in report.timings {
                    print("  " + step.padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: "%7.3f s", seconds))
                }
            }
        } catch {
            for diagnostic in error.diagnostics where !(quiet && diagnostic.severity == .warning) {
                printError(diagnostic.description)
            }
            printError("worldfacts: build failed in step '\(error.step)'; \(folders.output) was left as it was")
            throw ExitCode.failure
        }
    }
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
