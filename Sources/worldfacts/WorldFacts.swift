import ArgumentParser
import Foundation
import WorldFactsKit

@main
struct WorldFacts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worldfacts",
        abstract: "Publish a browsable fact site from records, Markdown notes and Mustache templates.",
        subcommands: [Build.self],
        defaultSubcommand: Build.self
    )
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site from a content folder into an output folder.")

    @Option(help: "Folder with site.yml, the records file and notes.") var content = "Content"
    @Option(help: "Folder with the Mustache templates and assets/.") var templates = "Templates"
    @Option(help: "Folder the site is written into.") var output = "Output"
    @Flag(help: "Write into a non-empty folder that no worldfacts build made.") var force = false
    @Flag(help: "Remove the files of the previous build first, then build from nothing.") var clean = false
    @Flag(help: "Print only errors.") var quiet = false
    @Flag(help: "Print the time of each build step.") var stats = false

    func run() throws {
        let options = BuildOptions(content: content, templates: templates, output: output, force: force, clean: clean)
        do {
            let report = try Builder().build(options)
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
            printError("worldfacts: build failed in step '\(error.step)'; \(output) was left as it was")
            throw ExitCode.failure
        }
    }
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
