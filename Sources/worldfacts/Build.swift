import ArgumentParser
import Foundation
import WorldFactsPipeline
import WorldFactsServe
import WorldFactsSupport
import WorldFactsWatch

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site from a content folder into an output folder.")

    @OptionGroup var folders: Folders
    @Flag(help: "Print only errors.") var quiet = false
    @Flag(help: "Print the time and memory of each build step.") var stats = false
    @Flag(help: "List what each language but the default shows in the default's, for want of a translation.")
    var printMissingTranslations = false

    func run() throws {
        ProcessMemory.returnFreedMemory()
        let bar = !quiet && isatty(STDOUT_FILENO) == 1 ? ProgressBar() : nil
        var progress: (@Sendable (BuildProgress) -> Void)?
        if let bar { progress = { bar.show($0) } }
        do {
            var builder = Builder(progress: progress, waiting: folders.waiting)
            builder.takesCensus = !quiet
            let report = try builder.build(folders.options)
            bar?.finish()
            if !quiet {
                for line in DiagnosticList(report.warnings, maxErrors: folders.maxErrors).lines { printError(line) }
                print(report.summary)
                if let census = report.census { print("  " + census.line) }
            }
            if printMissingTranslations {
                for (language, missing) in try builder.missingTranslations(folders.options) {
                    for what in missing { print("\(language): \(what)") }
                }
            }
            if stats {
                for step in report.steps { print(statsLine(step)) }
                for (file, columns) in report.undeclaredColumns {
                    print("  \(file): not declared, not read: " + columns.joined(separator: ", "))
                }
            }
        } catch {
            bar?.finish()
            let shown = error.diagnostics.filter { !(quiet && $0.severity == .warning) }
            for line in DiagnosticList(shown, maxErrors: folders.maxErrors).lines { printError(line) }
            printError(
                "worldfacts: build failed in step '\(error.step.rawValue)'; \(folders.output) was left as it was")
            throw ExitCode.failure
        }
    }
}
