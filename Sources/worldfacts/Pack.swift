import ArgumentParser
import Foundation
import WorldFactsPack
import WorldFactsPipeline
import WorldFactsSupport

struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site, then pack it into one file to hand on.",
        discussion: """
            --zip FILE.zip: every page, asset and search file the build published, and a README.txt. \
            Unzipped anywhere, the site works from disk (file://), its search included. The build's own \
            bookkeeping and _headers stay out. An existing FILE is replaced only with --force; a pack \
            that fails leaves no partial file.
            """)

    @OptionGroup var folders: Folders
    @Option(help: "The ZIP file to write.") var zip: String
    @Flag(help: "Print only errors.") var quiet = false

    func run() throws {
        do {
            let report = try Builder(waiting: folders.waiting).build(folders.options)
            if !quiet {
                for line in DiagnosticList(report.warnings, maxErrors: folders.maxErrors).lines { printError(line) }
                print(report.summary)
            }
        } catch {
            for line in DiagnosticList(error.diagnostics, maxErrors: folders.maxErrors).lines { printError(line) }
            printError("worldfacts: build failed in step '\(error.step.rawValue)'; nothing was packed")
            throw ExitCode.failure
        }
        do {
            let files = try PublishedFiles(output: folders.output)
            let bytes = try ZipPack(destination: zip, replaces: folders.force)
                .write(from: folders.output, files: files, readme: PackReadme.text(output: folders.output))
            if !quiet {
                print(
                    "packed \(Plural.count(files.paths.count + 1, "file")) into \(zip), \(Plural.grouped(bytes)) bytes")
            }
        } catch {
            for line in DiagnosticList(error.diagnostics, maxErrors: folders.maxErrors).lines { printError(line) }
            throw ExitCode.failure
        }
    }
}
